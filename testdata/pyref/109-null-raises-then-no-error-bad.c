// An error set says nothing of the item: it may be NULL (the call then
// raised on it) or not (a TypeError, an overflow). Released without a
// test there, a NULL item crashes; and with no PyErr_Occurred() test at
// all, nothing tells the item was not NULL. The finding names the release,
// where a NULL crashes; PyLong_AsLong raises on it (SystemError), no harm
// there.
#include <Python.h>

PyObject *second_as_long(PyObject *module, PyObject *seq)
{
	(void)module;
	PyObject *o = PySequence_GetItem(seq, 1);
	long v = PyLong_AsLong(o);
	if (PyErr_Occurred()) {
		Py_DECREF(o); // expect-warning[MOJO-OWN-109] {{new reference 'o' from 'PySequence_GetItem' is passed to 'Py_DECREF' before it is checked for NULL}}
		return NULL;
	}
	Py_DECREF(o);
	return PyLong_FromLong(v + 1);
}

PyObject *first_as_long(PyObject *module, PyObject *seq)
{
	(void)module;
	PyObject *o = PySequence_GetItem(seq, 0);
	long v = PyLong_AsLong(o);
	Py_DECREF(o); // expect-warning[MOJO-OWN-109] {{new reference 'o' from 'PySequence_GetItem' is passed to 'Py_DECREF' before it is checked for NULL}}
	if (v == -1 && PyErr_Occurred())
		return NULL;
	return PyLong_FromLong(v + 1);
}
