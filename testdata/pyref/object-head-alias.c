// The address of a struct embedded at offset 0 is the object itself
// (CPython's object-head idiom: `PyTypeObject *tp = &ht->ht_type;` of a
// PyHeapTypeObject). A release through that alias releases the object;
// a leak through it is still a leak. Reduced from nanobind
// src/nb_type.cpp (nb_type_from_metaclass).
#include <Python.h>

typedef struct {
	PyObject_HEAD
	long value;
} Inner;

typedef struct {
	Inner inner;
	PyObject *extra;
} Outer;

int fill(Inner *in);

PyObject *make_released_through_head(PyTypeObject *type)
{
	Outer *o = (Outer *)PyType_GenericAlloc(type, 0);
	if (!o)
		return NULL;
	Inner *in = &o->inner;
	if (fill(in) < 0) {
		Py_DECREF((PyObject *)in);
		return NULL;
	}
	return (PyObject *)o;
}

PyObject *make_leaked_through_head(PyTypeObject *type)
{
	Outer *o = (Outer *)PyType_GenericAlloc(type, 0);
	if (!o)
		return NULL;
	Inner *in = &o->inner;
	if (fill(in) < 0)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'o' from 'PyType_GenericAlloc' is leaked on the error exit}}
	return (PyObject *)in;
}
