// Reduced from python-systemd 235 (systemd/_daemon.c, _reader.c):
// variables declared with __attribute__((cleanup(fn))) (systemd's
// _cleanup_free_, GLib's g_autofree) are released by fn(&var) when they
// go out of scope, so an early return leaks nothing. A variable without
// the attribute still leaks.
#include <Python.h>
#include <stdlib.h>
#include <string.h>

static inline void freep(void *p) { free(*(void **)p); }
static inline void PyMem_Free_intp(int **p) { PyMem_Free(*p); }
#define _cleanup_free_ __attribute__((cleanup(freep)))
#define _cleanup_(f) __attribute__((cleanup(f)))

int listen_fds(PyObject *seq)
{
	Py_ssize_t n = PySequence_Size(seq);
	if (n < 0)
		return -1;
	_cleanup_(PyMem_Free_intp) int *arr = PyMem_Malloc(n * sizeof(int));
	if (arr == NULL)
		return -1;
	for (Py_ssize_t i = 0; i < n; i++) {
		PyObject *item = PySequence_GetItem(seq, i);
		if (item == NULL)
			return -1;
		arr[i] = (int)PyLong_AsLong(item);
		Py_DECREF(item);
	}
	return arr[0];
}

char *first_line(const char *text)
{
	_cleanup_free_ char *copy = strdup(text);
	if (copy == NULL)
		return NULL;
	char *nl = strchr(copy, '\n');
	if (nl == NULL)
		return NULL;
	*nl = 0;
	return strdup(copy);
}

int no_attribute(int n)
{
	char *buf = malloc(n);
	if (buf == NULL)
		return -1;
	if (n > 3)
		return 0; // expect-warning[MOJO-OWN-101] {{heap memory 'buf' from 'malloc' is never released}}
	free(buf);
	return 1;
}
