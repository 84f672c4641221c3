/*
 * NumPy's deprecated API (no NPY_NO_DEPRECATED_API) reads an array's data
 * as a field, `((PyArrayObject_fields *)a)->data`: NumPy allocates it for
 * every array it makes, one byte at least when the array is empty, so a
 * defensive test of it for NULL is never taken. Reduced from MNN's
 * pymnn/src/MNN.cc.
 *
 * expect-no-diagnostics
 */
#include <Python.h>
#include <numpy/arrayobject.h>

static long consume(const void *p) { return p != NULL; }

PyObject *copy_in(PyObject *self, PyObject *source)
{
	(void)self;
	if (!PyArray_Check(source)) {
		PyErr_SetString(PyExc_TypeError, "need an ndarray");
		return NULL;
	}
	PyArrayObject *cont = PyArray_GETCONTIGUOUS((PyArrayObject *)source);
	if (cont == NULL)
		return NULL;
	void *buf = PyArray_DATA(cont);
	if (NULL == buf) {
		PyErr_SetString(PyExc_RuntimeError, "no buffer");
		return NULL;
	}
	long r = consume(buf);
	Py_DECREF(cont);
	return PyLong_FromLong(r);
}
