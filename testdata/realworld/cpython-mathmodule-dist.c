// Reduced from CPython 3.11 Modules/mathmodule.c math_dist_impl: a heap
// block used only when the stack buffer is too small, released under
// `if (p != stack_buffer)`. A live allocation never equals another pointer.
// expect-no-diagnostics
#include <Python.h>

#define NUM_STACK_ELEMS 16

PyObject *dist(Py_ssize_t n, double *src)
{
	double diffs_on_stack[NUM_STACK_ELEMS];
	double *diffs = diffs_on_stack;
	if (n > NUM_STACK_ELEMS) {
		diffs = (double *)PyObject_Malloc((size_t)n * sizeof(double));
		if (diffs == NULL)
			return PyErr_NoMemory();
	}
	for (Py_ssize_t i = 0; i < n; i++)
		diffs[i] = src[i];
	if (diffs != diffs_on_stack)
		PyObject_Free(diffs);
	return PyLong_FromLong(0);
}
