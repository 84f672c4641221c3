// Reduced from pygame 2.1.2 src_c/pixelarray.c, _pxarray_enter (issue
// #3407, fixed by PR #3414 "Fix incref issue in PixelArray context manager
// API"): __enter__ returns self, a reference the caller lends, as the new
// reference the interpreter expects; `with` then drops one too many.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *surface;
} pgPixelArrayObject;

static PyObject *_pxarray_enter(pgPixelArrayObject *self, PyObject *ignored)
{
	(void)ignored;
	return (PyObject *)self; // expect-error[MOJO-OWN-107] {{returned but callers expect a new reference}}
}

static PyMethodDef _pxarray_methods[] = {
	{"__enter__", (PyCFunction)_pxarray_enter, METH_NOARGS, NULL},
	{NULL, NULL, 0, NULL},
};

PyMethodDef *pixelarray_methods(void) { return _pxarray_methods; }
