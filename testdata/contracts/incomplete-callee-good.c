/*
 * A callee whose analysis stops at its budget has no summary to trust:
 * what its caller hands it is no longer followed (say less), so the
 * buffer it releases is not reported as leaked by the caller (mmh3's
 * update functions, issue #11). Twelve references, each taken or not
 * under its own flag and each owned to the end, make 2^12 states at the
 * last block; a resource is never flattened (engine/replay.c), so that is
 * over the budget (2048 states at a block, for a function this small).
 */
// expect-note@+8 {{stopped at its budget}}
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *a;
} ManyObject;

static int count_and_release(unsigned flags, Py_buffer *view)
{
	PyObject *a = NULL, *b = NULL, *c = NULL, *d = NULL, *e = NULL,
		 *f = NULL, *g = NULL, *h = NULL, *i = NULL, *j = NULL,
		 *k = NULL, *l = NULL;
	if (flags & 1)
		a = PyLong_FromLong(1);
	if (flags & 2)
		b = PyLong_FromLong(2);
	if (flags & 4)
		c = PyLong_FromLong(3);
	if (flags & 8)
		d = PyLong_FromLong(4);
	if (flags & 16)
		e = PyLong_FromLong(5);
	if (flags & 32)
		f = PyLong_FromLong(6);
	if (flags & 64)
		g = PyLong_FromLong(7);
	if (flags & 128)
		h = PyLong_FromLong(8);
	if (flags & 256)
		i = PyLong_FromLong(9);
	if (flags & 512)
		j = PyLong_FromLong(10);
	if (flags & 1024)
		k = PyLong_FromLong(11);
	if (flags & 2048)
		l = PyLong_FromLong(12);
	PyBuffer_Release(view);
	Py_XDECREF(a);
	Py_XDECREF(b);
	Py_XDECREF(c);
	Py_XDECREF(d);
	Py_XDECREF(e);
	Py_XDECREF(f);
	Py_XDECREF(g);
	Py_XDECREF(h);
	Py_XDECREF(i);
	Py_XDECREF(j);
	Py_XDECREF(k);
	Py_XDECREF(l);
	return 0;
}

PyObject *update(ManyObject *self, PyObject *obj)
{
	Py_buffer view;
	(void)self;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return NULL;
	(void)count_and_release((unsigned)PyLong_AsLong(obj), &view);
	Py_RETURN_NONE;
}
