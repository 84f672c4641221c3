// Makers that take their argument over (issue #26), misused, and look-
// alikes that do not take it over: their stores and releases of a
// borrowed parameter are still reported.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *payload;
} WrapObject;

extern PyTypeObject Wrap_Type;
PyObject *last_payload;

PyObject *wrap_new(PyObject *payload)
{
	WrapObject *w = (WrapObject *)Wrap_Type.tp_alloc(&Wrap_Type, 0);
	if (w == NULL) {
		Py_DECREF(payload);
		return NULL;
	}
	w->payload = payload;
	return (PyObject *)w;
}

// Not released when the object cannot be made: the parameter is
// borrowed, and the store keeps it without a reference.
PyObject *wrap_forgetful(PyObject *payload)
{
	WrapObject *w = (WrapObject *)Wrap_Type.tp_alloc(&Wrap_Type, 0);
	if (w == NULL)
		return NULL;
	w->payload = payload; // expect-warning[MOJO-BOR-202] {{borrowed reference 'payload' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
	return (PyObject *)w;
}

// Stored elsewhere than in the object made: not a maker's.
PyObject *wrap_elsewhere(PyObject *payload)
{
	WrapObject *w = (WrapObject *)Wrap_Type.tp_alloc(&Wrap_Type, 0);
	if (w == NULL) {
		Py_DECREF(payload); // expect-error[MOJO-OWN-106] {{borrowed reference 'payload' is released by 'Py_DECREF' but this function does not own it}}
		return NULL;
	}
	((WrapObject *)last_payload)->payload = payload; // expect-warning[MOJO-BOR-202] {{borrowed reference 'payload' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
	return (PyObject *)w;
}

// The maker takes the argument's reference: releasing it after is one
// release too many.
PyObject *wrap_then_release(long v)
{
	PyObject *n = PyLong_FromLong(v + 1000);
	if (n == NULL)
		return NULL;
	PyObject *w = wrap_new(n);
	Py_DECREF(n); // expect-error[MOJO-OWN-102] {{new reference 'n' from 'PyLong_FromLong' is released by 'Py_DECREF' after its reference was stolen}}
	return w;
}

// A borrowed reference handed to the maker.
PyObject *wrap_arg(PyObject *arg)
{
	return wrap_new(arg); // expect-error[MOJO-OWN-106] {{borrowed reference 'arg' is passed to 'wrap_new', which steals a reference this function does not own}}
}
