// Undocumented, a parameter stolen by a function that does more than
// forward it (106-forwarder-good.c) keeps the convention (its callers
// lend it), and so does one whose documentation says it is not stolen,
// even by a forwarder; a caller of a documented stealer that releases
// what it handed over releases it twice; a function shaped as a method
// CPython calls, which returns an item of its arguments' tuple, returns
// a borrowed reference; a result documented as a new reference stays
// one, whatever the same line says is borrowed.
#include <Python.h>

int tuple_set(PyObject *tuple_p, size_t pos, PyObject *op)
{
	if (pos >= (size_t)PyTuple_GET_SIZE(tuple_p))
		return -1;
	PyTuple_SET_ITEM(tuple_p, pos, op); // expect-error[MOJO-OWN-106] {{borrowed reference 'op' is passed to 'PyTuple_SET_ITEM', which steals a reference this function does not own}}
	return 0;
}

/// @param op the value; its reference is not stolen.
int list_set(PyObject *list, PyObject *op)
{
	return PyList_SetItem(list, 0, op); // expect-error[MOJO-OWN-106] {{borrowed reference 'op' is passed to 'PyList_SetItem', which steals a reference this function does not own}}
}

/// @param op the value; the reference is stolen.
int tuple_put(PyObject *tuple_p, PyObject *op)
{
	PyTuple_SET_ITEM(tuple_p, 0, op);
	return 0;
}

int fill(PyObject *t)
{
	PyObject *w = PyLong_FromLong(6000);
	if (!w)
		return -1;
	tuple_put(t, w);
	Py_DECREF(w); // expect-error[MOJO-OWN-102] {{new reference 'w' from 'PyLong_FromLong' is released by 'Py_DECREF' after its reference was stolen}}
	return 0;
}

PyObject *first_arg(PyObject *self, PyObject *args)
{
	(void)self;
	return PyTuple_GET_ITEM(args, 0); // expect-error[MOJO-OWN-107] {{borrowed reference from 'PyTuple_GET_ITEM' is returned but callers expect a new reference}}
}

/// Returns a new reference; `seq` is borrowed.
PyObject *first_of(PyObject *seq)
{
	return PySequence_GetItem(seq, 0);
}

long use_first(PyObject *seq)
{
	PyObject *o = first_of(seq);
	if (o == NULL)
		return -1;
	return PyLong_AsLong(o); // expect-warning[MOJO-OWN-101] {{new reference 'o' from 'first_of' is never released}}
}
