// A reference count of 1 or more says nothing of whether it is 1: an
// exit behind `ob_refcnt == 1` (105-refcount-positive-good.c: `<= 0`)
// may be taken, and what it leaves owned is leaked.
#include <Python.h>

PyObject *shared_dict(PyObject *self, PyObject *unused)
{
	(void)self;
	(void)unused;
	PyObject *d = PyDict_New();
	if (d == NULL)
		return NULL;
	if (d->ob_refcnt == 1) {
		PyErr_SetString(PyExc_RuntimeError, "not shared");
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'd' from 'PyDict_New' is leaked on the error exit}}
	}
	return d;
}
