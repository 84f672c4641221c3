// Golden test of the message templates for Python references (issue 16):
// one function per template, the whole message and every path note as
// written, so a change of wording is a deliberate change of this file.
#include <Python.h>

PyObject *g_cache;

// MOJO-OWN-101, end of the function.
void t_never_released(long v)
{
	PyObject *o = PyLong_FromLong(v); // expect-note {{'o': new reference returned by 'PyLong_FromLong'}}
} // expect-warning[MOJO-OWN-101] {{new reference 'o' from 'PyLong_FromLong' is never released}} expect-note {{function ends with 'o' still owned}}

// MOJO-OWN-105, and a condition shown as written (macros unexpanded).
PyObject *t_error_exit(PyObject *seq)
{
	PyObject *it = PyObject_GetIter(seq); // expect-note {{'it': new reference returned by 'PyObject_GetIter'}}
	if (it == NULL) // expect-note {{assuming 'it == NULL' is false}}
		return NULL;
	if (!PyList_Check(seq)) // expect-note {{assuming '!PyList_Check(seq)' is true}}
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'it' from 'PyObject_GetIter' is leaked on the error exit}} expect-note {{returning an error with 'it' still owned}}
	return it;
}

// MOJO-OWN-101, the last handle lost, and an unnamed value.
void t_lost(long v)
{
	PyObject *o = PyLong_FromLong(v); // expect-note {{'o': new reference returned by 'PyLong_FromLong'}}
	o = NULL; // expect-warning[MOJO-OWN-101] {{new reference 'o' from 'PyLong_FromLong' is leaked: its last handle is lost here}} expect-note {{'o' is overwritten or discarded here}}
	(void)o;
	PyLong_FromLong(v); // expect-warning[MOJO-OWN-101] {{new reference from 'PyLong_FromLong' is leaked: its last handle is lost here}} expect-note {{new reference returned by 'PyLong_FromLong'}} expect-note {{the result is discarded here}}
}

// MOJO-OWN-101 of an incref: "an extra reference", not an acquisition.
PyObject *t_extra_reference(PyObject *arg)
{
	Py_INCREF(arg); // expect-note {{'arg': reference taken here by 'Py_INCREF'}}
	return PyLong_FromLong(1); // expect-warning[MOJO-OWN-101] {{an extra reference to 'arg' (taken by 'Py_INCREF') is never released}} expect-note {{returning with 'arg' still owned}}
}

// MOJO-OWN-103.
long t_use_after_release(long v)
{
	PyObject *o = PyLong_FromLong(v); // expect-note {{'o': new reference returned by 'PyLong_FromLong'}}
	if (o == NULL) // expect-note {{assuming 'o == NULL' is false}}
		return -1;
	Py_DECREF(o); // expect-note {{released here by 'Py_DECREF'}}
	return PyLong_AsLong(o); // expect-error[MOJO-OWN-103] {{new reference 'o' from 'PyLong_FromLong' is passed to 'PyLong_AsLong' after it was released}} expect-note {{passed to 'PyLong_AsLong' here}}
}

// MOJO-OWN-104.
void t_double_release(long v)
{
	PyObject *o = PyLong_FromLong(v); // expect-note {{'o': new reference returned by 'PyLong_FromLong'}}
	Py_XDECREF(o); // expect-note {{released here by 'Py_XDECREF'}}
	Py_XDECREF(o); // expect-error[MOJO-OWN-104] {{new reference 'o' from 'PyLong_FromLong' is released twice}} expect-note {{released again by 'Py_XDECREF'}}
}

// MOJO-OWN-102: released, stolen again, returned after a steal.
PyObject *t_after_steal(PyObject *t, long v, int how)
{
	PyObject *o = PyLong_FromLong(v); // expect-note 3 {{'o': new reference returned by 'PyLong_FromLong'}}
	if (o == NULL) // expect-note 3 {{assuming 'o == NULL' is false}}
		return NULL;
	PyTuple_SetItem(t, 0, o); // expect-note 3 {{stolen here by 'PyTuple_SetItem'}}
	if (how == 0) { // expect-note {{assuming 'how == 0' is true}} expect-note 2 {{assuming 'how == 0' is false}}
		Py_DECREF(o); // expect-error[MOJO-OWN-102] {{new reference 'o' from 'PyLong_FromLong' is released by 'Py_DECREF' after its reference was stolen}} expect-note {{released here by 'Py_DECREF'}}
		return NULL;
	}
	if (how == 1) { // expect-note {{assuming 'how == 1' is true}} expect-note {{assuming 'how == 1' is false}}
		PyTuple_SetItem(t, 1, o); // expect-error[MOJO-OWN-102] {{new reference 'o' from 'PyLong_FromLong' is stolen again by 'PyTuple_SetItem' after its reference was already stolen}} expect-note {{stolen again by 'PyTuple_SetItem'}}
		return NULL;
	}
	return o; // expect-error[MOJO-OWN-102] {{new reference 'o' from 'PyLong_FromLong' is returned after its reference was stolen}} expect-note {{returned here as a new reference}}
}

// MOJO-OWN-106, released and stolen.
void t_borrowed(PyObject *list, PyObject *t)
{
	PyObject *item = PyList_GetItem(list, 0); // expect-note 2 {{'item': borrowed reference returned by 'PyList_GetItem'}}
	if (item == NULL) // expect-note 2 {{assuming 'item == NULL' is false}}
		return;
	if (t == NULL) { // expect-note {{assuming 't == NULL' is true}} expect-note {{assuming 't == NULL' is false}}
		Py_DECREF(item); // expect-error[MOJO-OWN-106] {{borrowed reference 'item' from 'PyList_GetItem' is released by 'Py_DECREF' but this function does not own it}} expect-note {{released here by 'Py_DECREF'}}
		return;
	}
	PyTuple_SetItem(t, 0, item); // expect-error[MOJO-OWN-106] {{borrowed reference 'item' from 'PyList_GetItem' is passed to 'PyTuple_SetItem', which steals a reference this function does not own}} expect-note {{stolen here by 'PyTuple_SetItem'}}
}

// MOJO-OWN-107.
PyObject *t_borrowed_returned(PyObject *dict, PyObject *key)
{
	PyObject *v = PyDict_GetItem(dict, key); // expect-note {{'v': borrowed reference returned by 'PyDict_GetItem'}}
	if (v == NULL) // expect-note {{assuming 'v == NULL' is false}}
		return NULL;
	return v; // expect-error[MOJO-OWN-107] {{borrowed reference 'v' from 'PyDict_GetItem' is returned but callers expect a new reference}} expect-note {{returned here without Py_NewRef/Py_INCREF}}
}

// MOJO-OWN-109.
PyObject *t_unchecked(long v)
{
	PyObject *o = PyLong_FromLong(v); // expect-note {{'o': new reference returned by 'PyLong_FromLong'}}
	Py_INCREF(o); // expect-warning[MOJO-OWN-109] {{new reference 'o' from 'PyLong_FromLong' is passed to 'Py_INCREF' before it is checked for NULL}} expect-note {{passed to 'Py_INCREF' here while it may be NULL}}
	Py_DECREF(o);
	return o;
}

// MOJO-BOR-202.
void t_escape(PyObject *arg)
{
	g_cache = arg; // expect-warning[MOJO-BOR-202] {{borrowed reference 'arg' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}} expect-note {{stored here; the owner may release it first}}
}

// The global is read: what it holds is used later.
PyObject *t_cached(void)
{
	return Py_XNewRef(g_cache);
}
