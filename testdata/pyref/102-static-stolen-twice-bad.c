// The second steal of Py_INCREF'd Py_None is paid by nothing: it gives
// away a reference the function does not own.
#include <Python.h>

PyObject *pair_with_none(void)
{
	PyObject *l = PyList_New(1), *t;
	if (!l)
		return NULL;
	Py_INCREF(Py_None);
	PyList_SetItem(l, 0, Py_None);
	t = PyTuple_New(2);
	if (!t) {
		Py_DECREF(l);
		return NULL;
	}
	PyTuple_SET_ITEM(t, 0, l);
	PyTuple_SET_ITEM(t, 1, Py_None); // expect-error[MOJO-OWN-106] {{borrowed reference 'Py_None' is passed to 'PyTuple_SET_ITEM', which steals a reference this function does not own}}
	return t;
}
