// Declares lib.c's `token_new` with its structure left opaque, as a
// header shared by the project's files does (woosh's WooshToken_NEW,
// whose callers' tokens were read as leaked: C round 124): a pointer to
// a structure this file does not define may be lib.c's object pointer,
// and lib.c's body says the value is taken over.
#include <Python.h>

typedef struct Token Token;
Token *token_new(PyTypeObject *type, PyObject *value);

Token *make(PyTypeObject *type)
{
	PyObject *v = PyUnicode_FromString("x");
	if (v == NULL)
		return NULL;
	return token_new(type, v);
}

Token *make_twice(PyTypeObject *type)
{
	PyObject *v = PyUnicode_FromString("x");
	if (v == NULL)
		return NULL;
	Token *t = token_new(type, v);
	Py_DECREF(v);
	return t;
}
