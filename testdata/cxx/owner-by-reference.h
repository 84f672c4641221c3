// An owner class of the project (owner-by-reference-bad.cpp and -good.cpp):
// its members are inlined into a function's own objects, and followed
// through their summaries on an object given by reference.
#include <Python.h>

class Scoped {
public:
	explicit Scoped(PyObject *o) : obj_(o) {}
	~Scoped() { Py_XDECREF(obj_); }
	void reset(PyObject *o)
	{
		Py_XDECREF(obj_);
		obj_ = o;
	}
	PyObject *get() { return obj_; }
	PyObject *release()
	{
		PyObject *t = obj_;
		obj_ = nullptr;
		return t;
	}
	void swap(Scoped &other); // (owner-by-reference-good.cpp)
	void give(Scoped &other);

private:
	PyObject *obj_;
};
