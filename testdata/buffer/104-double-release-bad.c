// MOJO-OWN-104 for the buffer kind: PyBuffer_Release twice on one path.
// The second call decrements the exporter's export count again and drops
// a reference the view no longer holds.
#include <Python.h>
#include <string.h>

// Released in the error branch and again at the shared label.
int checked_copy(PyObject *obj, char *dst, Py_ssize_t n)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	if (view.len != n) {
		PyBuffer_Release(&view);
		PyErr_SetString(PyExc_ValueError, "size mismatch");
		goto error;
	}
	memcpy(dst, view.buf, (size_t)n);
	PyBuffer_Release(&view);
	return 0;
error:
	PyBuffer_Release(&view); // expect-error[MOJO-OWN-104] {{buffer view 'view' from 'PyObject_GetBuffer' is released twice}}
	return -1;
}

// A "done" flag that is not consulted at the end.
PyObject *head(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer b;
	if (!PyArg_ParseTuple(args, "y*", &b))
		return NULL;
	PyObject *r = PyBytes_FromStringAndSize(b.buf, b.len > 4 ? 4 : b.len);
	PyBuffer_Release(&b);
	if (r == NULL)
		return NULL;
	PyBuffer_Release(&b); // expect-error[MOJO-OWN-104] {{'b' from 'PyArg_ParseTuple'}}
	return r;
}

// A helper releases the view, and so does its caller.
static void consume(Py_buffer *v)
{
	PyBuffer_Release(v);
}

int feed(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	consume(&view);
	PyBuffer_Release(&view); // expect-error[MOJO-OWN-104] {{'view'}} xfail(#4): summaries do not record a Py_buffer * parameter released by the callee
	return 0;
}

// A loop that releases the same view on every iteration.
int scan(PyObject *obj, int passes)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	for (int i = 0; i < 2; i++) {
		(void)passes;
		PyBuffer_Release(&view); // expect-error[MOJO-OWN-104] {{'view'}}
	}
	return 0;
}

// Copy-paste: the first view is released twice and the second never.
PyObject *concat(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer a, b;
	if (!PyArg_ParseTuple(args, "y*y*", &a, &b))
		return NULL;
	Py_ssize_t n = a.len + b.len;
	PyBuffer_Release(&a);
	PyBuffer_Release(&a); // expect-error[MOJO-OWN-104] {{'a'}}
	return PyLong_FromSsize_t(n); // expect-warning[MOJO-OWN-101] {{'b'}}
}

// view.obj is NULL after the release, but `view.buf` is not cleared: a
// guard on it releases twice.
void buf_guard(PyObject *a, int early)
{
	Py_buffer v;
	if (PyObject_GetBuffer(a, &v, PyBUF_SIMPLE) != 0)
		return;
	if (early)
		PyBuffer_Release(&v);
	if (v.buf)
		PyBuffer_Release(&v); // expect-error[MOJO-OWN-104] {{'v'}}
}
