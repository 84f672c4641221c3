#include "object.h"

Py::Object::~Object()
{
	if (p_)
		Py_DECREF(p_);
}

Py::Object Py::Wrap(PyObject *p)
{
	return Object::WrapExisting(p);
}
