/*
 * PyArray_Resize returns a new reference to None on success: dropping it
 * frees nothing, so its loss is at most a note, not a warning
 * (brassboard-seq's `PyArray_Resize(arr, &dims, 0, NPY_CORDER);`).
 *
 * expect-no-diagnostics
 */
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <Python.h>
#include <numpy/arrayobject.h>

int grow(PyArrayObject *arr, npy_intp n)
{
	PyArray_Dims dims = {&n, 1};
	if (!PyArray_Resize(arr, &dims, 0, NPY_CORDER))
		return -1;
	return 0;
}
