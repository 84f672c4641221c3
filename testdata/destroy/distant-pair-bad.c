// A library function whose only `void *` parameter and only destroy
// function parameter are far apart (distant-pair-good.c): the pair is a
// hand-off, so a release after it gives back a reference the library
// holds, and no free function leaves the reference with the caller.
#include <Python.h>

typedef struct reader reader;
typedef int (*read_fn)(void *user, unsigned char *buf, unsigned n);
typedef void (*free_fn)(void *user);

reader *reader_open(void *user, int little_endian, unsigned buffer_size,
		    read_fn read, free_fn free);
reader *buffer_open(void *user, unsigned size, int little_endian,
		    free_fn free);

static void release_file(void *user)
{
	Py_XDECREF((PyObject *)user);
}

static int read_python(void *user, unsigned char *buf, unsigned n)
{
	(void)user;
	(void)buf;
	return (int)n;
}

reader *open_released(long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return NULL;
	reader *r = reader_open(v, 1, 4096, read_python, release_file);
	Py_DECREF(v); // expect-error[MOJO-OWN-102] {{new reference 'v' from 'PyLong_FromLong' is released by 'Py_DECREF' after its reference was stolen}}
	return r;
}

reader *open_without_free(long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return NULL;
	reader *r = buffer_open(v, 4096, 1, NULL);
	return r; // expect-warning[MOJO-OWN-101] {{new reference 'v' from 'PyLong_FromLong' is never released}}
}
