// MOJO-BOR-201, the idioms that must stay quiet: the interior pointer used
// before the release, copied first, its owner kept by someone else.
#include <Python.h>
#include <string.h>

size_t name_length(PyObject *obj)
{
	PyObject *s = PyObject_Str(obj);
	if (s == NULL)
		return 0;
	const char *u = PyUnicode_AsUTF8(s);
	size_t n = u ? strlen(u) : 0;
	Py_DECREF(s);
	return n;
}

char *copy_encoded(PyObject *str)
{
	PyObject *b = PyUnicode_AsUTF8String(str);
	if (b == NULL)
		return NULL;
	char *d = strdup(PyBytes_AS_STRING(b));
	Py_DECREF(b);
	return d;
}

PyObject *first_of(PyObject *obj)
{
	PyObject *seq = PySequence_Fast(obj, "need a sequence");
	if (seq == NULL)
		return NULL;
	if (PySequence_Fast_GET_SIZE(seq) == 0) {
		Py_DECREF(seq);
		Py_RETURN_NONE;
	}
	PyObject *item = Py_NewRef(PySequence_Fast_GET_ITEM(seq, 0));
	Py_DECREF(seq);
	return item;
}

// The argument's UTF-8 lives as long as the argument.
int starts_with_x(PyObject *str)
{
	const char *u = PyUnicode_AsUTF8(str);
	return u != NULL && u[0] == 'x';
}

// A module attribute the module keeps: its dict outlives our reference.
PyObject *module_dict_item(PyObject *name)
{
	PyObject *m = PyImport_ImportModule("os");
	if (m == NULL)
		return NULL;
	PyObject *d = PyModule_GetDict(m);
	Py_DECREF(m);
	return Py_XNewRef(PyDict_GetItem(d, name));
}

// An item read after Py_INCREF, then the list released.
PyObject *head_of_keys(PyObject *dict)
{
	PyObject *keys = PyDict_Keys(dict);
	if (keys == NULL)
		return NULL;
	PyObject *k = Py_XNewRef(PyList_GetItem(keys, 0));
	Py_DECREF(keys);
	if (k == NULL)
		return NULL;
	PyObject *r = PyObject_Repr(k);
	Py_DECREF(k);
	return r;
}

// The bytes data copied into our own buffer before the release.
int read_header(PyObject *str, char out[4])
{
	PyObject *b = PyUnicode_AsUTF8String(str);
	if (b == NULL)
		return -1;
	if (PyBytes_GET_SIZE(b) < 4) {
		Py_DECREF(b);
		return -1;
	}
	memcpy(out, PyBytes_AS_STRING(b), 4);
	Py_DECREF(b);
	return 0;
}

// A tuple item used while the tuple lives.
PyObject *second(PyObject *a, PyObject *b)
{
	PyObject *t = PyTuple_Pack(2, a, b);
	if (t == NULL)
		return NULL;
	PyObject *s = PyObject_Str(PyTuple_GET_ITEM(t, 1));
	Py_DECREF(t);
	return s;
}
// expect-no-diagnostics
