// Double release, use after release, mismatched release.
#include <Python.h>
#include <stdlib.h>

void twice(void)
{
	char *p = malloc(4);
	free(p); // expect-note {{released here by 'free'}}
	free(p); // expect-error[MOJO-OWN-104] {{heap memory 'p' from 'malloc' is released twice}}
}

int after(void)
{
	int *p = malloc(sizeof *p);
	if (!p)
		return -1;
	*p = 1;
	free(p);
	return *p; // expect-error[MOJO-OWN-103] {{'p' from 'malloc' is dereferenced after it was released}}
}

void wrong_family(void)
{
	char *p = PyMem_Malloc(10);
	if (!p)
		return;
	free(p); // expect-error[MOJO-OWN-111] {{released with 'free'; use 'PyMem_Free'}}
}

void right_family(void)
{
	char *p = PyMem_Malloc(10);
	char *q = PyObject_Malloc(10);
	PyMem_Free(p);
	PyObject_Free(q);
}
