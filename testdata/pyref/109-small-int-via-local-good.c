// An `unsigned char` field read into an `int` local is 0..255:
// PyLong_FromLong of it returns a cached small int and cannot fail
// (alsa-python's SeqEvent_get_source).
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	unsigned char client;
	unsigned char port;
} addr_t;

static PyObject *constants;

PyObject *get_source(addr_t *a)
{
	int client = a->client;
	PyObject *key = PyLong_FromLong(client);
	PyObject *c = PyDict_GetItem(constants, key);
	if (c == NULL)
		return key;
	Py_DECREF(key);
	Py_INCREF(c);
	return c;
}
