// Overloaded makers (issue #26) misused: the overload called is the one
// whose summary is read, so a borrowed reference handed to the one that
// steals, or a reference released after it was taken over, is seen.
#include <Python.h>

struct Slot {
	PyObject_HEAD
	PyObject *value;
	int flags;
};

extern PyTypeObject Slot_Type;

PyObject *make_slot(int flags)
{
	Slot *s = (Slot *)Slot_Type.tp_alloc(&Slot_Type, 0);
	if (s)
		s->flags = flags;
	return (PyObject *)s;
}

PyObject *make_slot(PyObject *value)
{
	Slot *s = (Slot *)Slot_Type.tp_alloc(&Slot_Type, 0);
	if (!s) {
		Py_DECREF(value);
		return nullptr;
	}
	s->value = value;
	return (PyObject *)s;
}

PyObject *slot_of_arg(PyObject *arg)
{
	return make_slot(arg); // expect-error[MOJO-OWN-106] {{borrowed reference 'arg' is passed to 'make_slot', which steals a reference this function does not own}}
}

PyObject *slot_released_after(long v)
{
	PyObject *n = PyLong_FromLong(v);
	if (!n)
		return nullptr;
	PyObject *s = make_slot(n);
	Py_DECREF(n); // expect-error[MOJO-OWN-102] {{new reference 'n' from 'PyLong_FromLong' is released by 'Py_DECREF' after its reference was stolen}}
	return s;
}

// The int overload takes nothing over: the number leaks.
PyObject *slot_leaks(long v)
{
	PyObject *n = PyLong_FromLong(v);
	if (!n)
		return nullptr;
	PyObject *s = make_slot((int)PyLong_AsLong(n));
	return s; // expect-warning[MOJO-OWN-101] {{new reference 'n' from 'PyLong_FromLong' is never released}}
}
