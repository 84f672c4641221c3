// The Logger of container-insert-paid-good.cpp printing the object
// instead of keeping it: operator<< keeps nothing, and the reference
// taken after it is never released.
#include <Python.h>
#include <iostream>

PyObject *log_object(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *obj;
	if (!PyArg_ParseTuple(args, "O", &obj))
		return NULL;
	std::cout << static_cast<const void *>(obj) << '\n';
	Py_INCREF(obj);
	Py_RETURN_NONE; // expect-warning[MOJO-OWN-101] {{an extra reference to 'obj' (taken by 'Py_INCREF') is never released}}
}
