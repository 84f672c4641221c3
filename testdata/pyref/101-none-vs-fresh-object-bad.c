// What a call of unknown code returns may be Py_None: dropped on that
// branch without its release, it leaks (a note: None is never freed).
#include <Python.h>

PyObject *to_dict(PyObject *callable)
{
	PyObject *dict = PyDict_New();
	if (dict == NULL)
		return NULL;
	PyObject *value = PyObject_CallNoArgs(callable);
	if (value == Py_None || value == NULL)
		PyDict_SetItemString(dict, "k", Py_None);
	else {
		PyDict_SetItemString(dict, "k", value);
		Py_DECREF(value);
	}
	return dict; // expect-note[MOJO-OWN-101] {{new reference 'value' from 'PyObject_CallNoArgs' is never released; it is Py_None, which CPython never frees}}
}
