// The inline helper takes its argument over: handing it a borrowed
// reference gives away one the caller does not own.
#include <Python.h>

inline PyObject *tupleize(PyObject *op)
{
	PyObject *ret = Py_BuildValue("(O)", op);
	Py_DECREF(op);
	return ret;
}

PyObject *describe(PyObject *self, PyObject *arg)
{
	return tupleize(arg); // expect-error[MOJO-OWN-106] {{borrowed reference 'arg' is released by 'tupleize' but this function does not own it}}
}
