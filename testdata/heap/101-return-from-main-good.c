// expect-no-diagnostics
// A return from the program's `main` ends the process, as exit() does:
// blocks and references still held there are not leaks (aeneas' test
// driver shipped next to its extension, blind C round 101).
#include <Python.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	size_t n = (size_t)atoi(argv[1]);
	double *a = (double *)calloc(n, sizeof(double));
	double *b = (double *)calloc(n, sizeof(double));
	if (a == NULL || b == NULL)
		return 1;
	PyObject *f = PyFloat_FromDouble(a[0] + b[0]);
	if (f == NULL)
		return 2;
	Py_DECREF(f);
	free(a);
	free(b);
	return 0;
}
