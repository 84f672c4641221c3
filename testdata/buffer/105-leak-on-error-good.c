// MOJO-OWN-105 for the buffer kind, correct code: every error exit
// releases the views it holds, most through a goto cleanup label.
// expect-no-diagnostics
#include <Python.h>
#include <cuda_runtime.h>
#include <string.h>

PyObject *checked_sum(PyObject *self, PyObject *obj)
{
	(void)self;
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_ND | PyBUF_FORMAT) < 0)
		return NULL;
	if (view.ndim != 1) {
		PyErr_SetString(PyExc_ValueError, "expected a 1-d buffer");
		PyBuffer_Release(&view);
		return NULL;
	}
	long s = 0;
	for (Py_ssize_t i = 0; i < view.len; i++)
		s += ((unsigned char *)view.buf)[i];
	PyBuffer_Release(&view);
	return PyLong_FromLong(s);
}

// The bridge idiom: acquire a buffer, allocate and fill a device copy,
// run a kernel, release on every error path through one label.
int launch_checksum(const void *dev, size_t n, unsigned long *out);

PyObject *device_checksum(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer host;
	void *dev = NULL;
	unsigned long sum = 0;
	PyObject *res = NULL;
	if (!PyArg_ParseTuple(args, "y*", &host))
		return NULL;
	if (cudaMalloc(&dev, (size_t)host.len) != cudaSuccess) {
		PyErr_NoMemory();
		goto release_host;
	}
	if (cudaMemcpy(dev, host.buf, (size_t)host.len,
		       cudaMemcpyHostToDevice) != cudaSuccess) {
		PyErr_SetString(PyExc_RuntimeError, "cudaMemcpy failed");
		goto free_dev;
	}
	if (launch_checksum(dev, (size_t)host.len, &sum) != 0) {
		PyErr_SetString(PyExc_RuntimeError, "kernel failed");
		goto free_dev;
	}
	res = PyLong_FromLong((long)sum);
free_dev:
	cudaFree(dev);
release_host:
	PyBuffer_Release(&host);
	return res;
}

int copy_into(PyObject *dst, const char *src, Py_ssize_t n)
{
	Py_buffer view;
	int rc = -1;
	if (PyObject_GetBuffer(dst, &view, PyBUF_WRITABLE) < 0)
		return -1;
	if (view.len < n) {
		PyErr_SetString(PyExc_ValueError, "destination too small");
		goto out;
	}
	memcpy(view.buf, src, (size_t)n);
	rc = 0;
out:
	PyBuffer_Release(&view);
	return rc;
}

PyObject *xor_into(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *a, *b;
	Py_buffer va, vb;
	if (!PyArg_ParseTuple(args, "OO", &a, &b))
		return NULL;
	if (PyObject_GetBuffer(a, &va, PyBUF_WRITABLE) < 0)
		return NULL;
	if (PyObject_GetBuffer(b, &vb, PyBUF_SIMPLE) < 0)
		goto release_a;
	Py_ssize_t n = va.len < vb.len ? va.len : vb.len;
	for (Py_ssize_t i = 0; i < n; i++)
		((char *)va.buf)[i] ^= ((char *)vb.buf)[i];
	PyBuffer_Release(&vb);
	PyBuffer_Release(&va);
	Py_RETURN_NONE;
release_a:
	PyBuffer_Release(&va);
	return NULL;
}

// Stacked labels, released in reverse order of acquisition.
PyObject *compare(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer x, y;
	PyObject *res = NULL;
	if (!PyArg_ParseTuple(args, "y*", &x))
		return NULL;
	if (!PyArg_ParseTuple(args, "y*", &y))
		goto release_x;
	if (x.len != y.len) {
		PyErr_SetString(PyExc_ValueError, "length mismatch");
		goto release_y;
	}
	res = PyBool_FromLong(memcmp(x.buf, y.buf, (size_t)x.len) == 0);
release_y:
	PyBuffer_Release(&y);
release_x:
	PyBuffer_Release(&x);
	return res;
}

// `table` was handed to PyObject_GetBuffer, which needs an object: the
// later `table != NULL` is true on that path (bytearray.translate).
PyObject *translate(PyObject *table, PyObject *deletechars)
{
	Py_buffer vtable, vdel;
	if (table == Py_None) {
		table = NULL;
	} else if (PyObject_GetBuffer(table, &vtable, PyBUF_SIMPLE) != 0) {
		return NULL;
	}
	if (deletechars != NULL) {
		if (PyObject_GetBuffer(deletechars, &vdel, PyBUF_SIMPLE) != 0) {
			if (table != NULL)
				PyBuffer_Release(&vtable);
			return NULL;
		}
		PyBuffer_Release(&vdel);
	}
	if (table != NULL)
		PyBuffer_Release(&vtable);
	Py_RETURN_NONE;
}
