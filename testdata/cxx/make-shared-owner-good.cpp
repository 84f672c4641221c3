// An owner made by `std::make_shared<Owned>(arg)` and kept by the shared
// pointer may own the reference the code takes just after it
// (`Py_INCREF(arg)`), as one made by a constructor the analysis does not
// follow may: the reference is not reported as an extra one (pyarrow's
// TransformFunctionWrapper, C++ round 70).
// expect-no-diagnostics
#include <Python.h>
#include <memory>

struct Owned {
	explicit Owned(PyObject *o) : o_(o) {}
	~Owned() { Py_XDECREF(o_); }
	Owned(const Owned &) = delete;
	PyObject *get() const { return o_; }
	PyObject *o_;
};

struct Holder {
	explicit Holder(PyObject *arg) : arg_(std::make_shared<Owned>(arg))
	{
		Py_INCREF(arg);
	}
	std::shared_ptr<Owned> arg_;
};
