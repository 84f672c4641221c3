// A flag of the project's that is no shutdown flag is read as it is:
// the owner that skips its release on it leaks.
#include <Python.h>

static bool g_keep_alive;

class Obj {
	PyObject *p_;

public:
	explicit Obj(PyObject *p) noexcept : p_(p) {}
	~Obj() noexcept
	{
		if (p_ && !g_keep_alive)
			Py_DECREF(p_);
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
	return static_cast<int>(PyLong_AsLong(v.Ptr())); // expect-warning[MOJO-OWN-101] {{new reference 'v.p_' from 'PyObject_GetAttrString' is never released}}
}
