// MOJO-BOR-203 with buffers: the buffer protocol is Python C-API and needs
// the GIL (PyBuffer_Release may run the exporter's bf_releasebuffer and
// drop the last reference to view.obj).
#include <Python.h>
#include <string.h>

int crc32_of(const void *p, Py_ssize_t n, unsigned *out);

// Releasing the view before re-acquiring the GIL.
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
	PyBuffer_Release(&data); // expect-error[MOJO-BOR-203] {{'PyBuffer_Release' is called while the GIL is released}}
	Py_END_ALLOW_THREADS
	if (rc < 0)
		return PyErr_Format(PyExc_ValueError, "crc failed");
	return PyLong_FromLong((long)crc);
}

// Acquiring a view with the GIL released.
int copy_nogil(PyObject *src, char *dst, Py_ssize_t n)
{
	Py_buffer view;
	int rc;
	Py_BEGIN_ALLOW_THREADS
	rc = PyObject_GetBuffer(src, &view, PyBUF_SIMPLE); // expect-error[MOJO-BOR-203] {{'PyObject_GetBuffer'}}
	Py_END_ALLOW_THREADS
	if (rc < 0)
		return -1;
	memcpy(dst, view.buf, (size_t)(view.len < n ? view.len : n));
	PyBuffer_Release(&view);
	return 0;
}

// Raising the error from inside the released region.
int checked_write(PyObject *obj, int fd_ok)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	int failed = 0;
	Py_BEGIN_ALLOW_THREADS
	if (!fd_ok) {
		PyErr_SetFromErrno(PyExc_OSError); // expect-error[MOJO-BOR-203] {{'PyErr_SetFromErrno'}}
		failed = 1;
	}
	Py_END_ALLOW_THREADS
	PyBuffer_Release(&view);
	return failed ? -1 : 0;
}

// Building the result object before Py_END_ALLOW_THREADS.
PyObject *digest(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer data;
	unsigned crc = 0;
	PyObject *res;
	if (!PyArg_ParseTuple(args, "y*", &data))
		return NULL;
	Py_BEGIN_ALLOW_THREADS
	crc32_of(data.buf, data.len, &crc);
	res = PyBytes_FromStringAndSize((const char *)&crc, sizeof crc); // expect-error[MOJO-BOR-203] {{'PyBytes_FromStringAndSize'}}
	Py_END_ALLOW_THREADS
	PyBuffer_Release(&data);
	return res;
}
