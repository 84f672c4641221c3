#include "ref.h"

// Adopted: no leak.
PyObject *adopted(PyObject *callable)
{
	Ref args(PyTuple_New(0), true);
	Ref result(PyObject_Call(callable, args.borrow(), NULL), true);
	if (!result)
		return NULL;
	Py_RETURN_NONE;
}

// View takes a reference of its own: the new one is leaked.
int viewed(long v)
{
	View w(PyLong_FromLong(v));
	return 0;
}
