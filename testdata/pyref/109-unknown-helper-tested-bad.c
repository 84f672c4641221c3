// Where nothing tests what the unknown function returned, or it returns no
// pointer, the object may still be NULL when it is released.
#include <Python.h>

extern void *to_op_pointer(PyObject *obj);
extern int count_of(PyObject *obj);

int untested(PyObject *seq, void **out)
{
	PyObject *item = PySequence_GetItem(seq, 0);
	out[0] = to_op_pointer(item);
	Py_DECREF(item); // expect-warning[MOJO-OWN-109] {{new reference 'item' from 'PySequence_GetItem' is passed to 'Py_DECREF' before it is checked for NULL}}
	return 0;
}

int by_count(PyObject *seq)
{
	PyObject *item = PySequence_GetItem(seq, 0);
	if (count_of(item) < 0) {
		Py_XDECREF(item);
		return -1;
	}
	Py_DECREF(item); // expect-warning[MOJO-OWN-109] {{new reference 'item' from 'PySequence_GetItem' is passed to 'Py_DECREF' before it is checked for NULL}}
	return 0;
}
