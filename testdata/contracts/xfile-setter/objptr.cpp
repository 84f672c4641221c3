#include "objptr.h"

void ObjPtr::setNewRef(PyObject *o)
{
	if (o != obj_) {
		PyObject *old = obj_;
		obj_ = o;
		Py_XDECREF(old);
	}
}
