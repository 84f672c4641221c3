/*
 * A leaked reference to an object CPython never frees — a small int from
 * its cache (-5..256, the argument proven in range), Py_True or Py_False
 * from PyBool_FromLong — is a note, not a warning: nothing is lost but a
 * count (rules/README.md, "Cached objects"). A note is not counted among
 * the findings nor in the exit status. An int that may be new still leaks
 * as a warning.
 */
#include <Python.h>

PyObject *cached_int_leaked(PyObject *self, PyObject *arg)
{
	PyObject *zero = PyLong_FromLong(0);
	(void)zero;
	return PyLong_FromLong(1); // expect-note[MOJO-OWN-101] {{new reference 'zero' from 'PyLong_FromLong' is never released; it is a cached small int, which CPython never frees: the leak only skews its reference count}}
}

PyObject *bool_leaked_on_error(PyObject *self, PyObject *arg)
{
	PyObject *flag = PyBool_FromLong(arg != NULL);
	if (arg == NULL)
		return NULL; // expect-note[MOJO-OWN-105] {{new reference 'flag' from 'PyBool_FromLong' is leaked on the error exit; it is Py_True or Py_False, which CPython never frees: the leak only skews its reference count}}
	return flag;
}

PyObject *byte_leaked(PyObject *self, PyObject *arg)
{
	unsigned char c = 7;
	if (PyObject_IsTrue(arg) > 0)
		c = 200;
	PyObject *n = PyLong_FromLong(c);
	(void)n;
	Py_RETURN_NONE; // expect-note[MOJO-OWN-101] {{new reference 'n' from 'PyLong_FromLong' is never released; it is a cached small int}}
}

// Bad: 1000 is no cached int.
PyObject *new_int_leaked(PyObject *self, PyObject *arg)
{
	PyObject *big = PyLong_FromLong(1000);
	if (big == NULL)
		return NULL;
	Py_RETURN_NONE; // expect-warning[MOJO-OWN-101] {{new reference 'big' from 'PyLong_FromLong' is never released}}
}

// Two leaks at one exit: the cached int's note stays beside the other
// value's warning.
PyObject *two_leaked(PyObject *self, PyObject *arg)
{
	PyObject *zero = PyLong_FromLong(0);
	PyObject *big = PyLong_FromLong(1000);
	if (big == NULL) {
		Py_DECREF(zero);
		return NULL;
	}
	Py_RETURN_NONE; // expect-warning[MOJO-OWN-101] {{new reference 'big' from 'PyLong_FromLong' is never released}} expect-note[MOJO-OWN-101] {{new reference 'zero' from 'PyLong_FromLong' is never released; it is a cached small int}}
}

// A sizeof is a constant (tinyarray's `PyLong_FromSize_t(sizeof(long))`):
// in the cache's range, its int is a cached one.
int sizeof_int_leaked(PyObject *d)
{
	if (PyDict_SetItemString(d, "long", PyLong_FromSize_t(sizeof(long))) < 0) // expect-note[MOJO-OWN-101] {{new reference from 'PyLong_FromSize_t' is leaked: its last handle is lost here; it is a cached small int, which CPython never frees: the leak only skews its reference count}}
		return -1;
	return 0;
}

// A helper whose every return is PyBool_FromLong's (gamera's
// `graph_add_node`, tested for truth by its caller and dropped): its
// result is Py_True or Py_False too.
extern int add_one(PyObject *o);

static PyObject *add_node(PyObject *self, PyObject *o)
{
	if (add_one(o))
		return PyBool_FromLong(1);
	return PyBool_FromLong(0);
}

PyObject *add_nodes(PyObject *self, PyObject *list)
{
	long n = 0;
	for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list); i++)
		if (add_node(self, PyList_GET_ITEM(list, i))) // expect-note[MOJO-OWN-101] {{new reference from 'add_node' is leaked: its last handle is lost here; it is Py_True or Py_False, which CPython never frees: the leak only skews its reference count}}
			n++;
	return PyLong_FromLong(n);
}

// One return that may be a new int: a warning, as any new reference.
static PyObject *add_node_or_count(PyObject *self, PyObject *o, long k)
{
	if (add_one(o))
		return PyBool_FromLong(1);
	return PyLong_FromLong(k);
}

PyObject *add_nodes_counted(PyObject *self, PyObject *list)
{
	long n = 0;
	for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list); i++)
		if (add_node_or_count(self, PyList_GET_ITEM(list, i), i)) // expect-warning[MOJO-OWN-101] {{new reference from 'add_node_or_count' is leaked: its last handle is lost here}}
			n++;
	return PyLong_FromLong(n);
}

// An empty or one-character ASCII string is a cached one (a note that
// says so).
PyObject *separator_leaked(PyObject *self, PyObject *list)
{
	PyObject *sep = PyUnicode_FromString(",");
	(void)sep;
	return PyLong_FromLong(0); // expect-note[MOJO-OWN-101] {{new reference 'sep' from 'PyUnicode_FromString' is never released; it is a cached empty or one-character str or bytes object, which CPython never frees: the leak only skews its reference count}}
}
