// MOJO-BOR-201 and container holders (issue #30): the fixed versions of
// 201-container-holder-bad.c, and containers whose death the function
// cannot see (lent to code that may keep them, stored, held elsewhere),
// which kill nothing.
// expect-no-diagnostics
#include <Python.h>

PyObject *helper_may_keep(PyObject *kwargs);

// The fix of the shape: the value is read while the function
// still holds its own reference.
long call_with_start(PyObject *cb, PyObject *args, long start)
{
	PyObject *kwargs, *po, *ret;
	long v;
	kwargs = PyDict_New();
	if (kwargs == NULL)
		return -1;
	po = PyLong_FromLong(start);
	if (po == NULL) {
		Py_DECREF(kwargs);
		return -1;
	}
	if (PyDict_SetItemString(kwargs, "start", po) < 0) {
		Py_DECREF(po);
		Py_DECREF(kwargs);
		return -1;
	}
	ret = PyObject_Call(cb, args, kwargs);
	Py_DECREF(kwargs);
	Py_XDECREF(ret);
	v = PyLong_AsLong(po);
	Py_DECREF(po);
	return v;
}

// Read before the container's release.
long stolen_into_list(long start)
{
	PyObject *l = PyList_New(1);
	if (l == NULL)
		return -1;
	PyObject *po = PyLong_FromLong(start);
	if (po == NULL) {
		Py_DECREF(l);
		return -1;
	}
	if (PyList_SetItem(l, 0, po) < 0) {
		Py_DECREF(l);
		return -1;
	}
	long v = PyLong_AsLong(po);
	Py_DECREF(l);
	return v;
}

// A reference taken back from the container before its release keeps the
// item alive.
PyObject *taken_back(PyObject *name)
{
	PyObject *names = PyList_New(0);
	if (names == NULL)
		return NULL;
	PyObject *key = PyUnicode_FromFormat("_%U", name);
	if (key == NULL || PyList_Append(names, key) < 0) {
		Py_XDECREF(key);
		Py_DECREF(names);
		return NULL;
	}
	Py_DECREF(key);
	Py_INCREF(key);
	Py_DECREF(names);
	PyObject *r = PyObject_Repr(key);
	Py_DECREF(key);
	return r;
}

// A borrowed item stored in a container is kept alive by its owner too.
PyObject *borrowed_item(PyObject *item)
{
	PyObject *names = PyList_New(0);
	if (names == NULL)
		return NULL;
	if (PyList_Append(names, item) < 0) {
		Py_DECREF(names);
		return NULL;
	}
	Py_DECREF(names);
	return PyObject_Repr(item);
}

// A container lent to a function that may keep it is not known to die.
long lent_to_unknown(long start)
{
	PyObject *kwargs = PyDict_New();
	if (kwargs == NULL)
		return -1;
	PyObject *po = PyLong_FromLong(start);
	if (po == NULL) {
		Py_DECREF(kwargs);
		return -1;
	}
	if (PyDict_SetItemString(kwargs, "start", po) < 0) {
		Py_DECREF(po);
		Py_DECREF(kwargs);
		return -1;
	}
	Py_DECREF(po);
	PyObject *kept = helper_may_keep(kwargs);
	Py_DECREF(kwargs);
	Py_XDECREF(kept);
	return PyLong_AsLong(po);
}

// Nor is one added to a list the caller holds.
long held_elsewhere(PyObject *registry, long start)
{
	PyObject *kwargs = PyDict_New();
	if (kwargs == NULL)
		return -1;
	PyObject *po = PyLong_FromLong(start);
	if (po == NULL) {
		Py_DECREF(kwargs);
		return -1;
	}
	if (PyDict_SetItemString(kwargs, "start", po) < 0 ||
	    PyList_Append(registry, kwargs) < 0) {
		Py_DECREF(po);
		Py_DECREF(kwargs);
		return -1;
	}
	Py_DECREF(po);
	Py_DECREF(kwargs);
	return PyLong_AsLong(po);
}

// An item in two containers outlives the first one's death.
long two_holders(long start)
{
	PyObject *a = PyList_New(0);
	if (a == NULL)
		return -1;
	PyObject *b = PyList_New(0);
	if (b == NULL) {
		Py_DECREF(a);
		return -1;
	}
	PyObject *po = PyLong_FromLong(start);
	if (po == NULL || PyList_Append(a, po) < 0 ||
	    PyList_Append(b, po) < 0) {
		Py_XDECREF(po);
		Py_DECREF(a);
		Py_DECREF(b);
		return -1;
	}
	Py_DECREF(po);
	Py_DECREF(a);
	long v = PyLong_AsLong(po);
	Py_DECREF(b);
	return v;
}

// Stolen while the function keeps a reference of its own: its release
// is not the last (the list still holds one).
long steal_with_extra_reference(long start)
{
	PyObject *po = PyLong_FromLong(start);
	if (po == NULL)
		return -1;
	PyObject *l = PyList_New(1);
	if (l == NULL) {
		Py_DECREF(po);
		return -1;
	}
	Py_INCREF(po);
	if (PyList_SetItem(l, 0, po) < 0) {
		Py_DECREF(po);
		Py_DECREF(l);
		return -1;
	}
	Py_DECREF(po);
	long v = PyLong_AsLong(po);
	Py_DECREF(l);
	return v;
}

// Slot 1 replaced: the item of slot 0 lives on.
PyObject *other_slot(long a, long b)
{
	PyObject *l = PyList_New(2);
	if (l == NULL)
		return NULL;
	PyObject *first = PyLong_FromLong(a);
	if (first == NULL || PyList_SetItem(l, 0, first) < 0) {
		Py_DECREF(l);
		return NULL;
	}
	PyObject *second = PyLong_FromLong(b);
	if (second == NULL || PyList_SetItem(l, 1, second) < 0) {
		Py_DECREF(l);
		return NULL;
	}
	if (PyObject_IsTrue(first))
		return l;
	Py_DECREF(l);
	return NULL;
}

// The container is returned: it lives on, and so does what it holds.
PyObject *returned(long start, long *out)
{
	PyObject *kwargs = PyDict_New();
	if (kwargs == NULL)
		return NULL;
	PyObject *po = PyLong_FromLong(start);
	if (po == NULL || PyDict_SetItemString(kwargs, "start", po) < 0) {
		Py_XDECREF(po);
		Py_DECREF(kwargs);
		return NULL;
	}
	Py_DECREF(po);
	*out = PyLong_AsLong(po);
	return kwargs;
}
