/*
 * The same accessors of NumPy's API (see unchecked-first-use-bad.c) on
 * results checked for NULL first: nothing to report.
 */
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <Python.h>
#include <numpy/arrayobject.h>

// expect-no-diagnostics

double first_item(PyObject *arg)
{
	PyArrayObject *a = (PyArrayObject *)PyArray_FROM_OTF(arg, NPY_DOUBLE,
							      NPY_ARRAY_IN_ARRAY);
	if (a == NULL)
		return -1.0;
	double v = ((double *)PyArray_DATA(a))[0];
	Py_DECREF(a);
	return v;
}

double sum(PyArrayObject *arr)
{
	NpyIter *iter = NpyIter_New(arr, NPY_ITER_READONLY, NPY_KEEPORDER,
				    NPY_NO_CASTING, NULL);
	if (iter == NULL)
		return -1.0;
	NpyIter_IterNextFunc *next = NpyIter_GetIterNext(iter, NULL);
	if (next == NULL) {
		NpyIter_Deallocate(iter);
		return -1.0;
	}
	char **dataptr = NpyIter_GetDataPtrArray(iter);
	double s = 0;
	do {
		s += *(double *)dataptr[0];
	} while (next(iter));
	NpyIter_Deallocate(iter);
	return s;
}
