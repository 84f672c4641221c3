// MOJO-BOR-201 and objects kept alive only by a container the function
// made (issue #30): once the function's own reference is gone (stolen, or
// released after the container took one), the container is the object's
// only holder, and the container's last release, or a SetItem that
// replaces its slot, frees it. A use after that is a use after free.
#include <Python.h>

// The shape of the issue: the keyword dict is released, and the start
// value with it, before the value is read back.
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
	Py_DECREF(po); /* po is now kept alive by kwargs only */
	ret = PyObject_Call(cb, args, kwargs);
	Py_DECREF(kwargs); /* kwargs dies, and po with it */
	Py_XDECREF(ret);
	v = PyLong_AsLong(po); // expect-error[MOJO-BOR-201] {{new reference 'po' from 'PyLong_FromLong' is passed to 'PyLong_AsLong' after it was kept alive only by 'kwargs' (stored at line 22), which released it at line 29}}
	return v;
}

// Stolen into a list by the function form of SetItem, then the list is
// released.
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
	Py_DECREF(l);
	return PyLong_AsLong(po); // expect-error[MOJO-BOR-201] {{new reference 'po' from 'PyLong_FromLong' is passed to 'PyLong_AsLong' after it was kept alive only by 'l' (stored at line 47), which released it at line 51}}
}

// Appended to a list, released, then the list is released.
PyObject *appended(PyObject *name)
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
	Py_DECREF(names);
	return PyObject_Repr(key); // expect-error[MOJO-BOR-201] {{new reference 'key' from 'PyUnicode_FromFormat' is passed to 'PyObject_Repr' after it was kept alive only by 'names' (stored at line 62), which released it at line 68}}
}

// A dict stolen into a tuple holds the value: the tuple's release frees
// both.
long nested(PyObject *cb, long start)
{
	PyObject *args = PyTuple_New(1);
	if (args == NULL)
		return -1;
	PyObject *kw = PyDict_New();
	if (kw == NULL) {
		Py_DECREF(args);
		return -1;
	}
	PyTuple_SetItem(args, 0, kw);
	PyObject *po = PyLong_FromLong(start);
	if (po == NULL) {
		Py_DECREF(args);
		return -1;
	}
	if (PyDict_SetItemString(kw, "start", po) < 0) {
		Py_DECREF(po);
		Py_DECREF(args);
		return -1;
	}
	Py_DECREF(po);
	PyObject *ret = PyObject_CallObject(cb, args);
	Py_DECREF(args);
	Py_XDECREF(ret);
	return PyLong_AsLong(po); // expect-error[MOJO-BOR-201] {{new reference 'po' from 'PyLong_FromLong' is passed to 'PyLong_AsLong' after it was kept alive only by 'kw' (stored at line 90), which released it at line 97}}
}

// PyList_SetItem releases what the slot held: the first item, stolen
// into slot 0, dies when a second one replaces it.
PyObject *replaced_slot(long a, long b)
{
	PyObject *l = PyList_New(1);
	if (l == NULL)
		return NULL;
	PyObject *first = PyLong_FromLong(a);
	if (first == NULL || PyList_SetItem(l, 0, first) < 0) {
		Py_DECREF(l);
		return NULL;
	}
	PyObject *second = PyLong_FromLong(b);
	if (second == NULL || PyList_SetItem(l, 0, second) < 0) {
		Py_DECREF(l);
		return NULL;
	}
	if (PyObject_IsTrue(first)) // expect-error[MOJO-BOR-201] {{new reference 'first' from 'PyLong_FromLong' is passed to 'PyObject_IsTrue' after it was kept alive only by 'l' (stored at line 110), which released it at line 115}}
		return l;
	Py_DECREF(l);
	return NULL;
}

// An extra reference taken before the steal is never given back.
PyObject *extra_incref_after_steal(long v)
{
	PyObject *l = PyList_New(1);
	if (l == NULL)
		return NULL;
	PyObject *item = PyLong_FromLong(v);
	if (item == NULL) {
		Py_DECREF(l);
		return NULL;
	}
	Py_INCREF(item);
	if (PyList_SetItem(l, 0, item) < 0) {
		Py_DECREF(l);
		return NULL; // (PyList_SetItem cannot fail here)
	}
	return l; // expect-warning[MOJO-OWN-101] {{new reference 'item' from 'PyLong_FromLong' is never released}}
}
