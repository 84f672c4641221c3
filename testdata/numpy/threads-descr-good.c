/*
 * NumPy's NPY_BEGIN_THREADS_DESCR(d) releases the GIL unless the dtype
 * needs the Python API, and NPY_END_THREADS_DESCR(d) takes it back under
 * the same test of the same `d->flags`, which no code changes once the
 * descriptor is made: the calls between keep what was read of them, so
 * the release and the restore go together (pnumpy's item_selection.cpp).
 */
// expect-no-diagnostics
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

extern void kernel(void *data, npy_intp n);

PyObject *work(PyObject *self, PyObject *arg)
{
	PyArrayObject *a = (PyArrayObject *)PyArray_FROM_OTF(
		arg, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
	if (!a)
		return NULL;
	PyArray_Descr *dtype = PyArray_DESCR(a);
	NPY_BEGIN_THREADS_DEF;
	NPY_BEGIN_THREADS_DESCR(dtype);
	kernel(PyArray_DATA(a), PyArray_SIZE(a));
	NPY_END_THREADS_DESCR(dtype);
	Py_DECREF(a);
	Py_RETURN_NONE;
}
