// MOJO-BOR-201 for object references: interior pointers (bytes and str
// data, a sequence's items, a list item) read after their owner was
// released.
#include <Python.h>
#include <string.h>

// The UTF-8 of a temporary str, used after the str is gone.
size_t name_length(PyObject *obj)
{
	PyObject *s = PyObject_Str(obj);
	if (s == NULL)
		return 0;
	const char *u = PyUnicode_AsUTF8(s);
	Py_DECREF(s);
	return u ? strlen(u) : 0; // expect-error[MOJO-BOR-201] {{'u' is passed to 'strlen' after its owner new reference 's' from 'PyObject_Str' was released}}
}

// The data of a temporary bytes.
int first_encoded(PyObject *str)
{
	PyObject *b = PyUnicode_AsUTF8String(str);
	if (b == NULL)
		return -1;
	char *p = PyBytes_AsString(b);
	Py_DECREF(b);
	return p ? p[0] : -1; // expect-error[MOJO-BOR-201] {{'p'}}
}

// The macro form.
int last_encoded(PyObject *str)
{
	PyObject *b = PyUnicode_AsUTF8String(str);
	if (b == NULL)
		return -1;
	Py_ssize_t n = PyBytes_GET_SIZE(b);
	const char *p = PyBytes_AS_STRING(b);
	Py_DECREF(b);
	return n ? p[n - 1] : -1; // expect-error[MOJO-BOR-201] {{'p'}}
}

// A PySequence_Fast item kept past the sequence.
PyObject *first_of(PyObject *obj)
{
	PyObject *seq = PySequence_Fast(obj, "need a sequence");
	if (seq == NULL)
		return NULL;
	if (PySequence_Fast_GET_SIZE(seq) == 0) {
		Py_DECREF(seq);
		Py_RETURN_NONE;
	}
	PyObject *item = PySequence_Fast_GET_ITEM(seq, 0);
	Py_DECREF(seq);
	return Py_NewRef(item); // expect-error[MOJO-BOR-201] {{'item'}}
}

// A list item kept past the list.
PyObject *head_of_keys(PyObject *dict)
{
	PyObject *keys = PyDict_Keys(dict);
	if (keys == NULL)
		return NULL;
	PyObject *k = PyList_GetItem(keys, 0);
	Py_DECREF(keys);
	if (k == NULL)
		return NULL;
	return PyObject_Repr(k); // expect-error[MOJO-BOR-201] {{'k'}}
}

// A tuple item after the tuple.
PyObject *second(PyObject *a, PyObject *b)
{
	PyObject *t = PyTuple_Pack(2, a, b);
	if (t == NULL)
		return NULL;
	PyObject *x = PyTuple_GET_ITEM(t, 1);
	Py_DECREF(t);
	return PyObject_Str(x); // expect-error[MOJO-BOR-201] {{'x'}}
}

// The items array of a fast sequence, read in a loop after the release.
long sum_items(PyObject *obj)
{
	PyObject *seq = PySequence_Fast(obj, "need a sequence");
	if (seq == NULL)
		return -1;
	Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
	PyObject **items = PySequence_Fast_ITEMS(seq);
	Py_DECREF(seq);
	long t = 0;
	for (Py_ssize_t i = 0; i < n; i++)
		t += PyLong_AsLong(items[i]); // expect-error[MOJO-BOR-201] {{'items'}}
	return t;
}

// A capsule's pointer after the capsule.
void *pointer_of(PyObject *mod)
{
	PyObject *cap = PyObject_GetAttrString(mod, "_C_API");
	if (cap == NULL)
		return NULL;
	void *p = PyCapsule_GetPointer(cap, "mod._C_API");
	Py_DECREF(cap);
	return p; // expect-error[MOJO-BOR-201] {{'p'}} xfail(#13): a capsule's pointer returned is not a use (the module keeps the capsule alive in practice)
}
