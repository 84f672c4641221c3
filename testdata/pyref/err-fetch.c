// PyErr_Fetch fills its three out-parameters, each of which may be NULL;
// when no error is set, all three are (rules/cpython-manual.json,
// `outs_null_with_first`). Reduced from nanobind src/error.cpp (chain_v).
#include <Python.h>

// No error: nothing in any of them, nothing to release.
int fetch_or_nothing(void)
{
	PyObject *t, *v, *tb;
	PyErr_Fetch(&t, &v, &tb);
	if (t == NULL)
		return 0;
	PyErr_Restore(t, v, tb);
	return 1;
}

void chain_message(PyObject *type)
{
	PyObject *tp = NULL, *value = NULL, *traceback = NULL;
	PyErr_Fetch(&tp, &value, &traceback);
	if (tp) {
		Py_XDECREF(traceback);
		Py_DECREF(tp);
		tp = traceback = NULL;
	}
	PyErr_SetString(type, "failed");
	if (!value)
		return;
	Py_DECREF(value);
}

// An error was set: the traceback may hold a reference too.
int drops_traceback(void)
{
	PyObject *t, *v, *tb;
	PyErr_Fetch(&t, &v, &tb);
	if (t == NULL)
		return 0;
	Py_XDECREF(v);
	Py_DECREF(t);
	return 1; // expect-warning[MOJO-OWN-101] {{new reference 'tb' from 'PyErr_Fetch' is never released}}
}

// Nothing tested the type: the traceback may be set.
void ignores_type(void)
{
	PyObject *t, *v, *tb;
	PyErr_Fetch(&t, &v, &tb);
	Py_XDECREF(t);
	Py_XDECREF(v);
} // expect-warning[MOJO-OWN-101] {{new reference 'tb' from 'PyErr_Fetch' is never released}}
