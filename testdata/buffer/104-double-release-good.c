// MOJO-OWN-104 for the buffer kind, correct code: one release per view on
// every path, including a view variable reused for a second acquisition.
// expect-no-diagnostics
#include <Python.h>
#include <string.h>

int checked_copy(PyObject *obj, char *dst, Py_ssize_t n)
{
	Py_buffer view;
	int rc = -1;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	if (view.len != n) {
		PyErr_SetString(PyExc_ValueError, "size mismatch");
		goto done;
	}
	memcpy(dst, view.buf, (size_t)n);
	rc = 0;
done:
	PyBuffer_Release(&view);
	return rc;
}

PyObject *head(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer b;
	if (!PyArg_ParseTuple(args, "y*", &b))
		return NULL;
	PyObject *r = PyBytes_FromStringAndSize(b.buf, b.len > 4 ? 4 : b.len);
	PyBuffer_Release(&b);
	return r;
}

// The same variable holds two views, one after the other.
Py_ssize_t total_len(PyObject *a, PyObject *b)
{
	Py_buffer view;
	Py_ssize_t n;
	if (PyObject_GetBuffer(a, &view, PyBUF_SIMPLE) < 0)
		return -1;
	n = view.len;
	PyBuffer_Release(&view);
	if (PyObject_GetBuffer(b, &view, PyBUF_SIMPLE) < 0)
		return -1;
	n += view.len;
	PyBuffer_Release(&view);
	return n;
}

// A view acquired and released on each iteration.
Py_ssize_t sum_lens(PyObject *const *objs, int n)
{
	Py_ssize_t total = 0;
	for (int i = 0; i < n; i++) {
		Py_buffer view;
		if (PyObject_GetBuffer(objs[i], &view, PyBUF_SIMPLE) < 0)
			return -1;
		total += view.len;
		PyBuffer_Release(&view);
	}
	return total;
}

// A view released early has view.obj == NULL (PyBuffer_Release clears it):
// the shared exit releases only what is still held.
PyObject *obj_guard(PyObject *a, int bad)
{
	Py_buffer v = {NULL, NULL};
	if (PyObject_GetBuffer(a, &v, PyBUF_SIMPLE) != 0)
		goto error;
	if (v.ndim > 1) {
		PyBuffer_Release(&v);
		goto error;
	}
	if (bad)
		goto error;
	PyBuffer_Release(&v);
	Py_RETURN_NONE;
error:
	if (v.obj)
		PyBuffer_Release(&v);
	return NULL;
}

/* PyBuffer_Release(&view) sets view.obj = NULL, and releasing a view whose
 * obj is NULL does nothing: releasing the same variable twice is sloppy
 * but harmless (CPython's own socketmodule.c sock_sendall does it). None of
 * the following is reported. */

// Released in the error branch and again at the shared label.
int checked_copy_again(PyObject *obj, char *dst, Py_ssize_t n)
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
	PyBuffer_Release(&view);
	return -1;
}

// A "done" flag that is not consulted at the end.
PyObject *head_again(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer b;
	if (!PyArg_ParseTuple(args, "y*", &b))
		return NULL;
	PyObject *r = PyBytes_FromStringAndSize(b.buf, b.len > 4 ? 4 : b.len);
	PyBuffer_Release(&b);
	if (r == NULL)
		return NULL;
	PyBuffer_Release(&b);
	return r;
}

// A helper releases the view, and so does its caller.
static void consume_again(Py_buffer *v)
{
	PyBuffer_Release(v);
}

int feed_again(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	consume_again(&view);
	PyBuffer_Release(&view);
	return 0;
}

// A loop that releases the same view on every iteration.
int scan_again(PyObject *obj, int passes)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	for (int i = 0; i < 2; i++) {
		(void)passes;
		PyBuffer_Release(&view);
	}
	return 0;
}

// Copy-paste: the first view is released twice.
PyObject *concat_again(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer a, b;
	if (!PyArg_ParseTuple(args, "y*y*", &a, &b))
		return NULL;
	Py_ssize_t n = a.len + b.len;
	PyBuffer_Release(&a);
	PyBuffer_Release(&a);
	PyBuffer_Release(&b);
	return PyLong_FromSsize_t(n);
}

// view.obj is NULL after the release, but `view.buf` is not cleared: a
// guard on it releases twice.
void buf_guard_again(PyObject *a, int early)
{
	Py_buffer v;
	if (PyObject_GetBuffer(a, &v, PyBUF_SIMPLE) != 0)
		return;
	if (early)
		PyBuffer_Release(&v);
	if (v.buf)
		PyBuffer_Release(&v);
}
