// A test of an unsigned value against 0 that its type decides: `u < 0`
// and `0 > u` never hold, `u >= 0` always does. The branch that cannot
// be taken leaks nothing (pysdl2's PySDL_Audio_Dequeue, whose
// `Uint32 returned; .. if (0 > returned) { ..; return NULL; }` kept
// its buffer: 1 false MOJO-OWN-105 row of C round 123).
#include <Python.h>

// expect-no-diagnostics

unsigned int dequeue_audio(unsigned int device, char *out, Py_ssize_t n);

PyObject *dequeue(unsigned int device, PyObject *arg)
{
	Py_ssize_t length = PyLong_AsSsize_t(arg);
	if (length == -1 && PyErr_Occurred())
		return NULL;
	PyObject *buffer = PyBytes_FromStringAndSize(NULL, length);
	if (!buffer)
		return NULL;
	unsigned int returned =
		dequeue_audio(device, PyBytes_AS_STRING(buffer), length);
	if (0 > returned) {
		PyErr_SetString(PyExc_OSError, "dequeue failed");
		return NULL;
	}
	return buffer;
}

PyObject *dequeue_size(unsigned int device, PyObject *arg)
{
	PyObject *buffer = PyBytes_FromStringAndSize(NULL, 64);
	if (!buffer)
		return NULL;
	size_t got = dequeue_audio(device, PyBytes_AS_STRING(buffer), 64);
	if (got < 0)
		return NULL;
	if (got >= 0)
		return buffer;
	return NULL;
}
