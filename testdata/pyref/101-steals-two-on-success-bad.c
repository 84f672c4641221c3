// Both arguments a helper keeps when it succeeds are gone from the caller
// then: the first one released after the success is released after its
// reference was stolen (MOJO-OWN-102), as the last one is; and when the
// helper fails, it kept neither, so forgetting either leaks it.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *a;
	PyObject *b;
} PairObject;

static PyTypeObject PairType = {
	PyVarObject_HEAD_INIT(NULL, 0).tp_name = "m.Pair",
	.tp_basicsize = sizeof(PairObject),
	.tp_flags = Py_TPFLAGS_DEFAULT,
};

static inline PyObject *pair_new(PyObject *a, PyObject *b)
{
	PairObject *obj = PyObject_New(PairObject, &PairType);
	if (!obj)
		return NULL;
	obj->a = a;
	obj->b = b;
	return (PyObject *)obj;
}

PyObject *released_after_success(PyObject *x, PyObject *y)
{
	PyObject *a = PyObject_Str(x);
	if (!a)
		return NULL;
	PyObject *b = PyObject_Str(y);
	if (!b) {
		Py_DECREF(a);
		return NULL;
	}
	PyObject *obj = pair_new(a, b);
	if (obj) {
		Py_DECREF(a); // expect-error[MOJO-OWN-102] {{new reference 'a' from 'PyObject_Str' is released by 'Py_DECREF' after its reference was stolen}}
		return obj;
	}
	Py_DECREF(a);
	Py_DECREF(b);
	return NULL;
}

PyObject *leaked_on_failure(PyObject *x, PyObject *y)
{
	PyObject *a = PyObject_Str(x);
	if (!a)
		return NULL;
	PyObject *b = PyObject_Str(y);
	if (!b) {
		Py_DECREF(a);
		return NULL;
	}
	PyObject *obj = pair_new(a, b);
	if (!obj) {
		Py_DECREF(b);
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'a' from 'PyObject_Str' is leaked on the error exit}}
	}
	return obj;
}
