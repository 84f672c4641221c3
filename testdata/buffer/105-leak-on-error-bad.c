// MOJO-OWN-105 for the buffer kind: a view still held when the function
// returns its error sentinel, directly or through a goto cleanup label.
#include <Python.h>
#include <cuda_runtime.h>
#include <string.h>

// Validates the view and bails out without releasing it.
PyObject *checked_sum(PyObject *self, PyObject *obj)
{
	(void)self;
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_ND | PyBUF_FORMAT) < 0)
		return NULL;
	if (view.ndim != 1) {
		PyErr_SetString(PyExc_ValueError, "expected a 1-d buffer");
		return NULL; // expect-warning[MOJO-OWN-105] {{buffer view 'view' from 'PyObject_GetBuffer' is leaked on the error exit}}
	}
	long s = 0;
	for (Py_ssize_t i = 0; i < view.len; i++)
		s += ((unsigned char *)view.buf)[i];
	PyBuffer_Release(&view);
	return PyLong_FromLong(s);
}

// Host buffer -> device checksum; the cudaMalloc failure path jumps to a
// label that only sets the exception.
int launch_checksum(const void *dev, size_t n, unsigned long *out);

PyObject *device_checksum(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer host;
	void *dev = NULL;
	unsigned long sum = 0;
	if (!PyArg_ParseTuple(args, "y*", &host))
		return NULL;
	if (cudaMalloc(&dev, (size_t)host.len) != cudaSuccess)
		goto nomem;
	if (cudaMemcpy(dev, host.buf, (size_t)host.len,
		       cudaMemcpyHostToDevice) != cudaSuccess ||
	    launch_checksum(dev, (size_t)host.len, &sum) != 0) {
		cudaFree(dev);
		PyBuffer_Release(&host);
		PyErr_SetString(PyExc_RuntimeError, "device checksum failed");
		return NULL;
	}
	cudaFree(dev);
	PyBuffer_Release(&host);
	return PyLong_FromLong((long)sum);
nomem:
	PyErr_NoMemory();
	return NULL; // expect-warning[MOJO-OWN-105] {{'host' from 'PyArg_ParseTuple'}}
}

// An int-returning helper: -1 is its error exit.
int copy_into(PyObject *dst, const char *src, Py_ssize_t n)
{
	Py_buffer view;
	if (PyObject_GetBuffer(dst, &view, PyBUF_WRITABLE) < 0)
		return -1;
	if (view.len < n) {
		PyErr_SetString(PyExc_ValueError, "destination too small");
		return -1; // expect-warning[MOJO-OWN-105] {{'view'}}
	}
	memcpy(view.buf, src, (size_t)n);
	PyBuffer_Release(&view);
	return 0;
}

// Two views; the second acquisition fails and the first is forgotten.
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
		return NULL; // expect-warning[MOJO-OWN-105] {{'va'}}
	Py_ssize_t n = va.len < vb.len ? va.len : vb.len;
	for (Py_ssize_t i = 0; i < n; i++)
		((char *)va.buf)[i] ^= ((char *)vb.buf)[i];
	PyBuffer_Release(&vb);
	PyBuffer_Release(&va);
	Py_RETURN_NONE;
}

// A shared error label that releases only the second view.
PyObject *compare(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer x, y;
	PyObject *res = NULL;
	if (!PyArg_ParseTuple(args, "y*", &x))
		return NULL;
	if (!PyArg_ParseTuple(args, "y*", &y))
		goto error;
	if (x.len != y.len) {
		PyBuffer_Release(&y);
		goto error;
	}
	res = PyBool_FromLong(memcmp(x.buf, y.buf, (size_t)x.len) == 0);
	PyBuffer_Release(&y);
	PyBuffer_Release(&x);
	return res;
error:
	return NULL; // expect-warning[MOJO-OWN-105] {{'x'}}
}

// The `len = -1` sentinel guards the release, but one error exit returns
// before it.
PyObject *len_sentinel_early_return(PyObject *a)
{
	Py_buffer va;
	PyObject *r = NULL;
	va.len = -1;
	if (PyObject_GetBuffer(a, &va, PyBUF_SIMPLE) != 0)
		goto done;
	if (va.len == 0)
		return NULL; // expect-warning[MOJO-OWN-105] {{'va'}}
	r = PyBytes_FromStringAndSize(va.buf, va.len);
done:
	if (va.len != -1)
		PyBuffer_Release(&va);
	return r;
}
