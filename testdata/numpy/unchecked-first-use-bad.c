/*
 * A result not checked for NULL, used first by an accessor of NumPy's
 * API that reads through it: MOJO-OWN-109 names that use, the first
 * that crashes, not a later release (rules/numpy.json's nonnull_args;
 * gradco's NpyIter_GetDataPtrArray and iisignature's PyArray_DATA, two
 * false rows of blind C++ round 123, named a later NpyIter_Deallocate
 * or Py_DECREF, never reached with NULL).
 */
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <Python.h>
#include <numpy/arrayobject.h>

double first_item(PyObject *arg)
{
	PyArrayObject *a = (PyArrayObject *)PyArray_FROM_OTF(arg, NPY_DOUBLE,
							      NPY_ARRAY_IN_ARRAY);
	double *data = (double *)PyArray_DATA(a); // expect-warning[MOJO-OWN-109] {{passed to 'PyArray_DATA'}}
	double v = data[0];
	Py_DECREF(a);
	return v;
}

double sum(PyArrayObject *arr)
{
	NpyIter *iter = NpyIter_New(arr, NPY_ITER_READONLY, NPY_KEEPORDER,
				    NPY_NO_CASTING, NULL);
	char **dataptr = NpyIter_GetDataPtrArray(iter); // expect-warning[MOJO-OWN-109] {{passed to 'NpyIter_GetDataPtrArray'}}
	double s = *(double *)dataptr[0];
	NpyIter_Deallocate(iter);
	return s;
}
