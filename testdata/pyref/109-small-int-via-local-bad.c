// An `int` field read into an `int` local has no small range: the
// PyLong_FromLong may fail, and the NULL reaches the release.
#include <Python.h>

typedef struct {
	int client;
} addr_t;

static PyObject *constants;

PyObject *get_source(addr_t *a)
{
	int client = a->client;
	PyObject *key = PyLong_FromLong(client);
	PyObject *c = PyDict_GetItem(constants, key);
	if (c == NULL)
		return key;
	Py_DECREF(key); // expect-warning[MOJO-OWN-109] {{'key'}}
	Py_INCREF(c);
	return c;
}
