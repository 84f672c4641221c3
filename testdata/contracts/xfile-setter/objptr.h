// An owner class whose setter is defined in another file (issue #26):
// it takes over its argument, storing it only when it is not already the
// object held (a self-assignment guard).
#include <Python.h>

class ObjPtr {
public:
	ObjPtr() : obj_(nullptr) {}
	~ObjPtr() { Py_XDECREF(obj_); }
	void setNewRef(PyObject *o); // objptr.cpp
	PyObject *object() const { return obj_; }

private:
	PyObject *obj_;
};
