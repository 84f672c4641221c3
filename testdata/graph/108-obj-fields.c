// Parent and child structs that own each other through fields.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *other;
} PeerObject;

void pair_up(PyObject *p, PyObject *q)
{
	Py_INCREF(q);
	((PeerObject *)p)->other = q;
	Py_INCREF(p);
	((PeerObject *)q)->other = p; // expect-warning[MOJO-OWN-108] {{ownership cycle 'q' -> 'p' -> 'q'}}
}
