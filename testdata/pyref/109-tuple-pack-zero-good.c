/* PyTuple_Pack(0) is the shared empty tuple, as PyTuple_New(0) is: it
 * cannot fail, and its result needs no test before use (wasp's
 * callback_args, blind C++ round 116). PyTuple_Pack(1, o) can fail:
 * 109-tuple-pack-zero-bad.c. */
#include <Python.h>

PyObject *call_without_args(PyObject *cb)
{
	PyObject *args = PyTuple_Pack(0);
	PyObject *r = PyObject_Call(cb, args, NULL);
	Py_DECREF(args);
	return r;
}

/* expect-no-diagnostics */
