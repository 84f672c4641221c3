/* PyTuple_Pack(1, o) builds a new tuple and can fail: its result is
 * tested before use (109-tuple-pack-zero-good.c packs nothing, the shared
 * empty tuple, which cannot fail). */
#include <Python.h>

PyObject *call_with(PyObject *cb, PyObject *o)
{
	PyObject *args = PyTuple_Pack(1, o);
	PyObject *r = PyObject_Call(cb, args, NULL); // expect-warning[MOJO-OWN-109] {{new reference 'args' from 'PyTuple_Pack' is passed to 'PyObject_Call' before it is checked for NULL}}
	Py_DECREF(args);
	return r;
}
