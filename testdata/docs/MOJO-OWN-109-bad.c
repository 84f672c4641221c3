#include <Python.h>

double *new_matrix(size_t rows, size_t cols)
{
	double *m = PyMem_Malloc(rows * cols * sizeof(double));
	m[0] = 0.0; // expect-warning[MOJO-OWN-109] {{'m'}}
	return m;
}
