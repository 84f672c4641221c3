// MOJO-OWN-103 and 104 for the heap kind in bridge code: scratch memory
// used or freed again after its release.
#include <Python.h>
#include <stdlib.h>
#include <string.h>

PyObject *join_upper(PyObject *self, PyObject *args)
{
	(void)self;
	const char *s;
	Py_ssize_t n;
	if (!PyArg_ParseTuple(args, "s#", &s, &n))
		return NULL;
	char *tmp = PyMem_Malloc((size_t)n + 1);
	if (tmp == NULL)
		return PyErr_NoMemory();
	for (Py_ssize_t i = 0; i < n; i++)
		tmp[i] = (char)(s[i] & ~0x20);
	PyMem_Free(tmp);
	return PyUnicode_FromStringAndSize(tmp, n); // expect-error[MOJO-OWN-103] {{heap memory 'tmp' from 'PyMem_Malloc' is passed to 'PyUnicode_FromStringAndSize' after it was released}}
}

int use_after_free(size_t n)
{
	int *v = malloc(n * sizeof *v);
	if (!v)
		return -1;
	v[0] = 1;
	free(v);
	return v[0]; // expect-error[MOJO-OWN-103] {{'v'}}
}

// The error branch frees, and the cleanup label frees again.
int parse_header(const char *src, size_t n)
{
	char *copy = malloc(n + 1);
	if (!copy)
		return -1;
	memcpy(copy, src, n);
	copy[n] = 0;
	if (copy[0] != '#') {
		free(copy);
		goto error;
	}
	free(copy);
	return 0;
error:
	free(copy); // expect-error[MOJO-OWN-104] {{heap memory 'copy' from 'malloc' is released twice}}
	return -1;
}

void raw_twice(void)
{
	void *p = PyMem_RawMalloc(16);
	PyMem_RawFree(p);
	PyMem_RawFree(p); // expect-error[MOJO-OWN-104] {{'p' from 'PyMem_RawMalloc'}}
}

// realloc success releases the old block: freeing it afterwards is a
// double release.
char *grow(char *buf, size_t n)
{
	char *old = malloc(n);
	if (!old)
		return NULL;
	char *bigger = realloc(old, 2 * n);
	if (!bigger) {
		free(old);
		return NULL;
	}
	free(old); // expect-error[MOJO-OWN-104] {{'old'}}
	(void)buf;
	return bigger;
}

void strdup_used_after_free(const char *s)
{
	char *d = strdup(s);
	if (!d)
		return;
	free(d);
	d[0] = 0; // expect-error[MOJO-OWN-103] {{'d'}}
}

void object_malloc_twice(void)
{
	void *p = PyObject_Malloc(8);
	if (!p)
		return;
	PyObject_Free(p);
	PyObject_Free(p); // expect-error[MOJO-OWN-104] {{'p'}}
}

void calloc_passed_after_free(char *dst)
{
	char *z = calloc(1, 8);
	if (!z)
		return;
	free(z);
	memcpy(dst, z, 8); // expect-error[MOJO-OWN-103] {{'z'}}
}
