// A leak grouped over an error exit (MOJO-OWN-105) and a normal exit
// (MOJO-OWN-101) of one function says it is leaked on both (issue 29),
// not "on the error exit" as if the normal return released it. A leak on
// error exits alone keeps its words.
#include <Python.h>

int t_every_exit(PyObject *list)
{
	PyObject *x = PyLong_FromLong(1001);
	if (x == NULL)
		return -1;
	if (PyList_Append(list, x) < 0)
		return -1; // expect-warning[MOJO-OWN-105] {{new reference 'x' from 'PyLong_FromLong' is leaked on error and normal exits (and 1 more site with the same cause)}} expect-note {{returning an error with 'x' still owned}}
	return 0;
}

int t_error_exit_only(PyObject *list)
{
	PyObject *x = PyLong_FromLong(1001);
	if (x == NULL)
		return -1;
	if (PyList_Append(list, x) < 0)
		return -1; // expect-warning[MOJO-OWN-105] {{new reference 'x' from 'PyLong_FromLong' is leaked on the error exit}}
	Py_DECREF(x);
	return 0;
}

// Two error exits (one finding: the first), the normal one releases:
// still "the error exit".
int t_two_error_exits(PyObject *list, PyObject *other)
{
	PyObject *x = PyLong_FromLong(1001);
	if (x == NULL)
		return -1;
	if (PyList_Append(list, x) < 0)
		return -1; // expect-warning[MOJO-OWN-105] {{new reference 'x' from 'PyLong_FromLong' is leaked on the error exit}}
	if (PyList_Append(other, x) < 0)
		return -2;
	Py_DECREF(x);
	return 0;
}

// The handle lost in the middle of the path, on both kinds of path.
int t_lost_both(PyObject *list, int flag)
{
	PyObject *x = PyLong_FromLong(1001);
	if (x == NULL)
		return -1;
	if (PyList_Append(list, x) < 0) {
		x = NULL; // expect-warning[MOJO-OWN-105] {{new reference 'x' from 'PyLong_FromLong' is leaked on error and normal paths: its last handle is lost here (and 1 more site with the same cause)}}
		return -1;
	}
	if (flag)
		x = NULL;
	return 0;
}
