// MOJO-BOR-203 with buffers, correct code: the view is acquired and
// released with the GIL held; only the raw memory is used without it.
// expect-no-diagnostics
#include <Python.h>
#include <string.h>

int crc32_of(const void *p, Py_ssize_t n, unsigned *out);

PyObject *crc32(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer data;
	unsigned crc = 0;
	int rc;
	if (!PyArg_ParseTuple(args, "y*", &data))
		return NULL;
	Py_BEGIN_ALLOW_THREADS
	rc = crc32_of(data.buf, data.len, &crc);
	Py_END_ALLOW_THREADS
	PyBuffer_Release(&data);
	if (rc < 0)
		return PyErr_Format(PyExc_ValueError, "crc failed");
	return PyLong_FromLong((long)crc);
}

int copy_nogil(PyObject *src, char *dst, Py_ssize_t n)
{
	Py_buffer view;
	if (PyObject_GetBuffer(src, &view, PyBUF_SIMPLE) < 0)
		return -1;
	Py_BEGIN_ALLOW_THREADS
	memcpy(dst, view.buf, (size_t)(view.len < n ? view.len : n));
	Py_END_ALLOW_THREADS
	PyBuffer_Release(&view);
	return 0;
}

// The error is raised after the GIL is back.
int checked_write(PyObject *obj, int fd_ok)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	int failed = 0;
	Py_BEGIN_ALLOW_THREADS
	failed = !fd_ok;
	Py_END_ALLOW_THREADS
	PyBuffer_Release(&view);
	if (failed) {
		PyErr_SetFromErrno(PyExc_OSError);
		return -1;
	}
	return 0;
}

// Py_BLOCK_THREADS to raise from inside the region, then leave it.
PyObject *digest(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer data;
	unsigned crc = 0;
	if (!PyArg_ParseTuple(args, "y*", &data))
		return NULL;
	Py_BEGIN_ALLOW_THREADS
	if (crc32_of(data.buf, data.len, &crc) < 0) {
		Py_BLOCK_THREADS
		PyBuffer_Release(&data);
		return PyErr_Format(PyExc_ValueError, "crc failed");
	}
	Py_END_ALLOW_THREADS
	PyBuffer_Release(&data);
	return PyBytes_FromStringAndSize((const char *)&crc, sizeof crc);
}
