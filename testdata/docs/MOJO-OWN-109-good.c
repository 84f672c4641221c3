#include <Python.h>

double *new_matrix(size_t rows, size_t cols)
{
	double *m = PyMem_Malloc(rows * cols * sizeof(double));
	if (m == NULL) {
		PyErr_NoMemory();
		return NULL;
	}
	m[0] = 0.0;
	return m;
	// expect-no-diagnostics
}
