// Overloaded makers (issue #26): each overload of the file has its own
// summary, and a call reads the one of its signature; the overload that
// takes its object argument over (stored into the object it makes,
// released when it cannot be made) steals it, though it has external
// linkage.
// expect-no-diagnostics
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
	if (s) {
		s->value = value;
		s->flags = 1;
	} else {
		Py_DECREF(value);
	}
	return (PyObject *)s;
}

PyObject *make_slot(void *p, const char *name)
{
	return make_slot(PyCapsule_New(p, name, NULL));
}

PyObject *slot_of_number(long v)
{
	return make_slot(PyLong_FromLong(v));
}

PyObject *slot_of_flags(int f)
{
	return make_slot(f);
}
