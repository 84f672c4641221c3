/*
 * As resize-none-good.c, but the array the call may move is read through
 * a pointer taken before it (MOJO-BOR-207 stays).
 */
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <Python.h>
#include <numpy/arrayobject.h>

double grow_and_read(PyArrayObject *arr, npy_intp n)
{
	double *data = (double *)PyArray_DATA(arr);
	PyArray_Dims dims = {&n, 1};
	if (!PyArray_Resize(arr, &dims, 0, NPY_CORDER))
		return -1.0;
	return data[0]; // expect-error[MOJO-BOR-207] {{'data' is dereferenced after its container was changed}}
}
