// expect-no-diagnostics
// Reduced from memgraph (src/py/py.hpp): an owner's destructor skips its
// Py_XDECREF once the interpreter is shutting down, a flag the project
// reads through its own IsPythonFinalizing(). The analysis runs in a live
// interpreter: the flag, and Py_IsFinalizing(), read false.
#include <Python.h>
#include <atomic>

static std::atomic<bool> g_finalizing{false};
inline bool IsPythonFinalizing() noexcept
{
	return g_finalizing.load(std::memory_order_acquire);
}

class Obj {
	PyObject *p_;

public:
	explicit Obj(PyObject *p) noexcept : p_(p) {}
	~Obj() noexcept
	{
		if (p_ && !IsPythonFinalizing()) {
			PyGILState_STATE st = PyGILState_Ensure();
			Py_XDECREF(p_);
			PyGILState_Release(st);
		}
	}
	Obj(const Obj &) = delete;
	Obj &operator=(const Obj &) = delete;
	explicit operator bool() const { return p_ != nullptr; }
	PyObject *Ptr() const { return p_; }
};

int get_int_attr(PyObject *o, const char *name)
{
	const Obj v(PyObject_GetAttrString(o, name));
	if (!v)
		return 0;
	return static_cast<int>(PyLong_AsLong(v.Ptr()));
}
