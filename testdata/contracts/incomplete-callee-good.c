/*
 * A callee whose analysis stops at its budget has no summary to trust:
 * what its caller hands it is no longer followed (say less), so the
 * buffer it releases is not reported as leaked by the caller (mmh3's
 * update functions, issue #11).
 */
// expect-note@+8 {{stopped at its budget}}
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *a, *b, *c, *d, *e, *f, *g, *h, *i, *j;
} ManyObject;

static void clear_and_release(ManyObject *self, Py_buffer *view)
{
	Py_CLEAR(self->a);
	Py_CLEAR(self->b);
	Py_CLEAR(self->c);
	Py_CLEAR(self->d);
	Py_CLEAR(self->e);
	Py_CLEAR(self->f);
	Py_CLEAR(self->g);
	Py_CLEAR(self->h);
	Py_CLEAR(self->i);
	Py_CLEAR(self->j);
	PyBuffer_Release(view);
}

PyObject *update(ManyObject *self, PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return NULL;
	clear_and_release(self, &view);
	Py_RETURN_NONE;
}
