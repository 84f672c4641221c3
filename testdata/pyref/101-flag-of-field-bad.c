/*
 * A flag caches a test of an object's field against None, but the field
 * can change before it is tested again: the object's setter assigns it
 * (Python code may run in the call in between), or this function assigns
 * it itself, or hands the object to a function of another file that may.
 * The second test is then not the first one's, and the container made
 * under the flag may be the one not handed back.
 */
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *pairs_cb; /* settable from Python: see reader_set_cb */
	PyObject *other_cb; /* READONLY member */
} Reader;

void reader_reset(Reader *r); /* another file's: may assign any field */

static int reader_set_cb(Reader *r, PyObject *v, void *closure)
{
	(void)closure;
	Py_XINCREF(v);
	Py_XSETREF(r->pairs_cb, v);
	return 0;
}

static PyGetSetDef reader_getset[] = {
	{"pairs_cb", NULL, (setter)reader_set_cb, NULL, NULL},
	{NULL},
};
PyGetSetDef *reader_getset_table(void) { return reader_getset; }

/* The setter may run in PyObject_Repr (the user's __repr__). */
PyObject *reader_settable(Reader *r, PyObject *arg)
{
	PyObject *map = NULL, *pairs = NULL;
	int as_pairs = (r->pairs_cb != Py_None);
	if (as_pairs) {
		pairs = PyList_New(0);
		if (pairs == NULL)
			return NULL;
	} else {
		map = PyDict_New();
		if (map == NULL)
			return NULL;
	}
	PyObject *s = PyObject_Repr(arg);
	Py_XDECREF(s);
	if (r->pairs_cb != Py_None) {
		PyObject *res = PyObject_CallOneArg(r->pairs_cb, pairs);
		Py_XDECREF(pairs);
		return res; // expect-warning[MOJO-OWN-101] {{new reference 'map' from 'PyDict_New' is never released}}
	}
	return map; // expect-warning[MOJO-OWN-105] {{new reference 'pairs' from 'PyList_New' is leaked on the error exit}}
}

/* Assigned by the function itself between the tests. */
PyObject *reader_assigned(Reader *r, PyObject *cb)
{
	PyObject *map = NULL, *pairs = NULL;
	int as_pairs = (r->other_cb != Py_None);
	if (as_pairs) {
		pairs = PyList_New(0);
		if (pairs == NULL)
			return NULL;
	} else {
		map = PyDict_New();
		if (map == NULL)
			return NULL;
	}
	Py_INCREF(cb);
	Py_SETREF(r->other_cb, cb);
	if (r->other_cb != Py_None) {
		PyObject *res = PyObject_CallOneArg(r->other_cb, pairs);
		Py_XDECREF(pairs);
		return res; // expect-warning[MOJO-OWN-101] {{new reference 'map' from 'PyDict_New' is never released}}
	}
	return map; // expect-warning[MOJO-OWN-105] {{new reference 'pairs' from 'PyList_New' is leaked on the error exit}}
}

/* Handed to a function of another file between the tests. */
PyObject *reader_handed(Reader *r)
{
	PyObject *map = NULL, *pairs = NULL;
	int as_pairs = (r->other_cb != Py_None);
	if (as_pairs) {
		pairs = PyList_New(0);
		if (pairs == NULL)
			return NULL;
	} else {
		map = PyDict_New();
		if (map == NULL)
			return NULL;
	}
	reader_reset(r);
	if (r->other_cb != Py_None) {
		PyObject *res = PyObject_CallOneArg(r->other_cb, pairs);
		Py_XDECREF(pairs);
		return res; // expect-warning[MOJO-OWN-101] {{new reference 'map' from 'PyDict_New' is never released}}
	}
	return map; // expect-warning[MOJO-OWN-105] {{new reference 'pairs' from 'PyList_New' is leaked on the error exit}}
}
