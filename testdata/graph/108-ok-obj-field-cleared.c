// A temporary back pointer, cleared again before returning.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *other;
} PeerObject;

void run_linked(PyObject *p, PyObject *q)
{
	Py_INCREF(q);
	Py_XSETREF(((PeerObject *)p)->other, q);
	Py_INCREF(p);
	Py_XSETREF(((PeerObject *)q)->other, p);
	Py_CLEAR(((PeerObject *)q)->other);
}
// expect-no-diagnostics
