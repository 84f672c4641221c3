/*
 * As 202-buffer-of-held-object-good.c, but the bytes object is released
 * while its buffer stays in the iterator: the pointer dangles.
 */
#include <Python.h>

typedef struct {
	const void *src;
	Py_ssize_t size;
} in_buffer;

typedef struct {
	PyObject_HEAD
	PyObject *reader;
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
	self->input.src = readBuffer; // expect-warning[MOJO-BOR-202] {{borrowed reference 'readBuffer' from 'PyBytes_AsStringAndSize' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
	self->input.size = readSize;
	Py_DECREF(readResult);
	return PyLong_FromSsize_t(readSize);
}
