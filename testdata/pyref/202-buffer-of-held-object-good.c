/*
 * A pointer into an object's bytes (PyBytes_AsStringAndSize's buffer),
 * stored in a struct embedded in the iterator, while the iterator keeps a
 * reference to that bytes object in another field (python-zstandard's
 * `self->input.src = readBuffer` beside `self->readResult =
 * readResult`): the buffer lives as long as the object the iterator
 * holds. No borrow escapes.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	const void *src;
	Py_ssize_t size;
} in_buffer;

typedef struct {
	PyObject_HEAD
	PyObject *reader;
	PyObject *readResult;
	in_buffer input;
} Iterator;

PyObject *iterator_next(Iterator *self, PyObject *unused)
{
	char *readBuffer;
	Py_ssize_t readSize;
	PyObject *readResult = PyObject_CallMethod(self->reader, "read", NULL);
	if (!readResult)
		return NULL;
	if (PyBytes_AsStringAndSize(readResult, &readBuffer, &readSize) < 0) {
		Py_DECREF(readResult);
		return NULL;
	}
	Py_XSETREF(self->readResult, readResult);
	self->input.src = readBuffer;
	self->input.size = readSize;
	return PyLong_FromSsize_t(readSize);
}
