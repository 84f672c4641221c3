// The project's `consume`: it takes its argument over and releases it.
#include <Python.h>

void consume(PyObject *o)
{
	Py_DECREF(o);
}

// A token, whose structure only this file sees: it takes its value over.
typedef struct Token {
	PyObject_HEAD
	PyObject *value;
} Token;

Token *token_new(PyTypeObject *type, PyObject *value)
{
	Token *self = (Token *)PyType_GenericAlloc(type, 0);
	if (!self) {
		Py_DECREF(value);
		return NULL;
	}
	self->value = value;
	return self;
}
