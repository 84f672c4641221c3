#include "safe.h"

SafeObject::SafeObject(PyObject *p) : p_(p) {}

SafeObject::~SafeObject()
{
	if (p_)
		Py_DECREF(p_);
}

SafeObject::SafeObject(const SafeObject &o) : p_(o.p_)
{
	if (p_)
		Py_INCREF(p_);
}

PyObject *SafeObject::GetPyObject()
{
	return p_;
}
