#include "ref.h"

Ref::Ref(PyObject *obj, bool consume) : o(obj)
{
	if (o && !consume)
		Py_INCREF(o);
}

Ref::~Ref() { Py_XDECREF(o); }

View::View(PyObject *obj) : o(obj) { Py_XINCREF(o); }

View::~View() { Py_XDECREF(o); }
