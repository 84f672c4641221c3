// The same leak in a helper that `main` calls is still one: only main's
// own return ends the process.
#include <Python.h>
#include <stdlib.h>

static int run(size_t n)
{
	double *a = (double *)calloc(n, sizeof(double));
	double *b = (double *)calloc(n, sizeof(double));
	if (a == NULL || b == NULL)
		return 1; // expect-warning[MOJO-OWN-101] {{'a' from 'calloc' is never released}} expect-warning[MOJO-OWN-101] {{'b' from 'calloc' is never released}}
	free(a);
	free(b);
	return 0;
}

int main(int argc, char **argv)
{
	return run((size_t)atoi(argv[1]));
}
