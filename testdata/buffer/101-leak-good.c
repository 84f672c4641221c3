// MOJO-OWN-101 for the buffer kind, correct code: every view acquired is
// expect-no-diagnostics
// released on every normal exit, and a failed acquisition holds nothing.
#include <Python.h>
#include <string.h>

PyObject *adler_like(PyObject *self, PyObject *obj)
{
	(void)self;
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return NULL; // ok: nothing acquired when GetBuffer fails
	unsigned long sum = 1;
	const unsigned char *p = view.buf;
	for (Py_ssize_t i = 0; i < view.len; i++)
		sum = (sum + p[i]) % 65521;
	PyBuffer_Release(&view);
	return PyLong_FromLong((long)sum);
}

PyObject *byte_count(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer data;
	int byte;
	if (!PyArg_ParseTuple(args, "y*i", &data, &byte))
		return NULL; // ok: no view on failure
	Py_ssize_t n = 0;
	for (Py_ssize_t i = 0; i < data.len; i++)
		n += ((unsigned char *)data.buf)[i] == byte;
	PyBuffer_Release(&data);
	return PyLong_FromSsize_t(n);
}

PyObject *is_blank(PyObject *self, PyObject *obj)
{
	(void)self;
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return NULL;
	if (view.len == 0) {
		PyBuffer_Release(&view);
		Py_RETURN_TRUE;
	}
	int blank = memchr(view.buf, ' ', (size_t)view.len) != NULL;
	PyBuffer_Release(&view);
	return PyBool_FromLong(blank);
}

// "s*" and "z*": z* accepts None, which still fills a view to release.
PyObject *concat_len(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer a, b;
	if (!PyArg_ParseTuple(args, "s*z*", &a, &b))
		return NULL;
	Py_ssize_t n = a.len + b.len;
	PyBuffer_Release(&b);
	PyBuffer_Release(&a);
	return PyLong_FromSsize_t(n);
}

// The result of GetBuffer tested with == 0 instead of < 0.
int fill_pattern(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_WRITABLE) == 0) {
		memset(view.buf, 0xA5, (size_t)view.len);
		PyBuffer_Release(&view);
		return 0;
	}
	return -1;
}

// `len = -1` marks a view not acquired: a failed PyObject_GetBuffer leaves
// it, a successful one sets a length >= 0.
PyObject *len_sentinel(PyObject *a)
{
	Py_buffer va;
	PyObject *r = NULL;
	va.len = -1;
	if (PyObject_GetBuffer(a, &va, PyBUF_SIMPLE) != 0)
		goto done;
	r = PyBytes_FromStringAndSize(va.buf, va.len);
done:
	if (va.len != -1)
		PyBuffer_Release(&va);
	return r;
}

// The same `!= Py_None` test guards the acquire and the release.
PyObject *none_guarded(PyObject *bytes)
{
	Py_buffer v;
	Py_ssize_t n = 6;
	if (bytes != Py_None) {
		if (PyObject_GetBuffer(bytes, &v, PyBUF_SIMPLE) != 0)
			return NULL;
		n = v.len;
	}
	if (bytes != Py_None)
		PyBuffer_Release(&v);
	return PyLong_FromSsize_t(n);
}
