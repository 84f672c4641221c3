// Steps that come from a project macro's body sit at the line of the
// expansion: each names the macro as the source spells it (issue 29), in
// the text, JSON and SARIF reports alike. A step that names the macro
// already, and CPython's own macros (Py_RETURN_NONE), are left as they are.
#include <Python.h>

#define CHECK(call)                    \
	do {                           \
		if ((call) < 0)        \
			goto error;    \
	} while (0)
#define NEW_INT(var, n) PyObject *var = PyLong_FromLong(n)
#define IS_SMALL(o) (PyLong_AsLong(o) < 10)

int t_check(PyObject *list, long n)
{
	PyObject *x = PyLong_FromLong(n);
	if (x == NULL)
		return -1;
	CHECK(PyList_Append(list, x)); // expect-note {{assuming '(PyList_Append(list, x)) < 0' is true (in expansion of macro 'CHECK')}}
	Py_DECREF(x);
	return 0;
error:
	return -1; // expect-warning[MOJO-OWN-105] {{new reference 'x' from 'PyLong_FromLong' is leaked on the error exit}}
}

int t_new_int(PyObject *list, long n)
{
	NEW_INT(y, n); // expect-note {{'y': new reference returned by 'PyLong_FromLong' (in expansion of macro 'NEW_INT')}}
	if (y == NULL)
		return -1;
	if (PyList_Append(list, y) < 0)
		return -1; // expect-warning[MOJO-OWN-105] {{new reference 'y' from 'PyLong_FromLong' is leaked on the error exit}}
	Py_DECREF(y);
	return 0;
}

PyObject *t_named_already(PyObject *o)
{
	PyObject *z = PyNumber_Long(o);
	if (z == NULL)
		return NULL;
	if (!IS_SMALL(z)) // expect-note {{assuming '!IS_SMALL(z)' is true}}
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'z' from 'PyNumber_Long' is leaked on the error exit}}
	Py_DECREF(z);
	Py_RETURN_NONE;
}

PyObject *t_cpython_macro(PyObject *o)
{
	PyObject *w = PyNumber_Long(o);
	if (w == NULL)
		return NULL;
	Py_RETURN_NONE; // expect-warning[MOJO-OWN-101] {{new reference 'w' from 'PyNumber_Long' is never released}} expect-note {{returning with 'w' still owned}}
}
