// A test against 0 that a signed value can pass (see
// unsigned-below-zero-good.c): its error exit is a path, and what it
// drops leaks.
#include <Python.h>

unsigned int dequeue_audio(unsigned int device, char *out, Py_ssize_t n);

PyObject *dequeue(unsigned int device)
{
	PyObject *buffer = PyBytes_FromStringAndSize(NULL, 64);
	if (!buffer)
		return NULL;
	int returned = (int)dequeue_audio(device, PyBytes_AS_STRING(buffer), 64);
	if (0 > returned) {
		PyErr_SetString(PyExc_OSError, "dequeue failed");
		return NULL; // expect-warning[MOJO-OWN-105] {{'buffer'}}
	}
	return buffer;
}

// An unsigned value compared with something other than 0: both ways.
PyObject *dequeue_one(unsigned int device)
{
	PyObject *buffer = PyBytes_FromStringAndSize(NULL, 64);
	if (!buffer)
		return NULL;
	unsigned int got = dequeue_audio(device, PyBytes_AS_STRING(buffer), 64);
	if (got < 1)
		return NULL; // expect-warning[MOJO-OWN-105] {{'buffer'}}
	return buffer;
}
