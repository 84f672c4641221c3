// MOJO-BOR-206, the idioms that must stay quiet: a strong reference held
// across the call, containers no Python code can reach, immutable tuples,
// dict iterations that call nothing out, exact-type fast paths, calls that
// run no code.
#include <Python.h>

// list.index as CPython writes it: the item is INCREF'd in the loop.
Py_ssize_t find_index(PyObject *list, PyObject *value)
{
	for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list); i++) {
		PyObject *item = PyList_GET_ITEM(list, i);
		Py_INCREF(item);
		int eq = PyObject_RichCompareBool(item, value, Py_EQ);
		Py_DECREF(item);
		if (eq < 0)
			return -1;
		if (eq)
			return i;
	}
	return -2;
}

// A strong reference taken before the call, released after the use.
PyObject *first_kept(PyObject *list, PyObject *a, PyObject *b)
{
	PyObject *first = Py_XNewRef(PyList_GetItem(list, 0));
	if (first == NULL)
		return NULL;
	if (PyObject_RichCompareBool(a, b, Py_LT) < 0) {
		Py_DECREF(first);
		return NULL;
	}
	PyObject *r = PyObject_Repr(first);
	Py_DECREF(first);
	return r;
}

// A list this function made and never let out: no Python code can reach
// it.
PyObject *fresh_list(PyObject *a, PyObject *b)
{
	PyObject *list = PyList_New(0);
	if (list == NULL)
		return NULL;
	if (PyList_Append(list, a) < 0) {
		Py_DECREF(list);
		return NULL;
	}
	PyObject *first = PyList_GET_ITEM(list, 0);
	PyObject *s = PyObject_Str(b);
	if (s == NULL) {
		Py_DECREF(list);
		return NULL;
	}
	Py_DECREF(s);
	PyObject *r = PyObject_Repr(first);
	Py_DECREF(list);
	return r;
}

// Tuple items: a tuple never changes, its items live as long as it does.
PyObject *call_with_first(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *func = PyTuple_GET_ITEM(args, 0);
	PyObject *arg = PyTuple_GET_ITEM(args, 1);
	PyObject *r = PyObject_CallOneArg(func, arg);
	if (r == NULL)
		return NULL;
	Py_DECREF(r);
	return PyObject_Repr(arg);
}

// A dict iterated with PyDict_Next that calls nothing out.
Py_ssize_t count_str_keys(PyObject *dict)
{
	Py_ssize_t pos = 0, n = 0;
	PyObject *key, *value;
	while (PyDict_Next(dict, &pos, &key, &value)) {
		if (PyUnicode_Check(key) && value != Py_None)
			n++;
	}
	return n;
}

// PyDict_Next with the key and value INCREF'd before the callback.
int call_each_kept(PyObject *dict, PyObject *func)
{
	Py_ssize_t pos = 0;
	PyObject *key, *value;
	while (PyDict_Next(dict, &pos, &key, &value)) {
		Py_INCREF(value);
		PyObject *r = PyObject_CallOneArg(func, value);
		Py_DECREF(value);
		if (r == NULL)
			return -1;
		Py_DECREF(r);
	}
	return 0;
}

// An exact int made here: PyLong_AsLong runs no user __index__.
PyObject *first_and_number(PyObject *list, long v)
{
	PyObject *first = PyList_GetItem(list, 0);
	if (first == NULL)
		return NULL;
	PyObject *n = PyLong_FromLong(v);
	if (n == NULL)
		return NULL;
	long back = PyLong_AsLong(n);
	Py_DECREF(n);
	if (back == -1)
		return NULL;
	return Py_NewRef(first);
}

// An exact str known from a check: comparing two exact strings runs no
// user __eq__.
PyObject *find_name(PyObject *list, PyObject *name)
{
	PyObject *first = PyList_GetItem(list, 0);
	if (first == NULL)
		return NULL;
	if (!PyUnicode_CheckExact(first) || !PyUnicode_CheckExact(name))
		return NULL;
	if (PyUnicode_Compare(first, name) != 0)
		Py_RETURN_NONE;
	return Py_NewRef(first);
}

// Calls that run no Python code between the borrow and its use.
PyObject *first_as_text(PyObject *list, const char *s)
{
	PyObject *first = PyList_GetItem(list, 0);
	if (first == NULL)
		return NULL;
	PyObject *t = PyUnicode_FromString(s);
	if (t == NULL)
		return NULL;
	Py_DECREF(t); // a str has no finaliser
	return PyTuple_Pack(1, first);
}

// The borrow re-read after the call is a fresh borrow.
PyObject *reread_after_call(PyObject *list, PyObject *func)
{
	PyObject *r = PyObject_CallNoArgs(func);
	if (r == NULL)
		return NULL;
	Py_DECREF(r);
	PyObject *first = PyList_GetItem(list, 0);
	if (first == NULL)
		return NULL;
	return Py_NewRef(first);
}
// expect-no-diagnostics

// Items of a C array an object owns, INCREF'd before the comparison; a C
// array of the function's own; the array of a C struct no Python code sees.
typedef struct {
	PyObject_HEAD
	Py_ssize_t len;
	PyObject **keys;
} Bucket;

Py_ssize_t bucket_index(Bucket *self, PyObject *key)
{
	for (Py_ssize_t i = 0; i < self->len; i++) {
		PyObject *k = self->keys[i];
		Py_INCREF(k);
		int eq = PyObject_RichCompareBool(k, key, Py_EQ);
		Py_DECREF(k);
		if (eq < 0)
			return -1;
		if (eq)
			return i;
	}
	return -2;
}

int pair_equal(PyObject *a, PyObject *b)
{
	PyObject *pair[2] = {a, b};
	return PyObject_RichCompareBool(pair[0], pair[1], Py_EQ);
}

struct key_table {
	Py_ssize_t n;
	PyObject **keys;
};

int table_first_is(struct key_table *t, PyObject *key)
{
	return t->n > 0 && PyObject_RichCompareBool(t->keys[0], key, Py_EQ) > 0;
}

// Helpers of the file's own between a borrow and its use: one that calls
// out while the caller holds a strong reference; one that runs no named
// code (it only releases an object, or formats without %R); one that
// calls out, but on a list this function made.
static int call_hook(PyObject *hook)
{
	PyObject *r = PyObject_CallNoArgs(hook);
	if (r == NULL)
		return -1;
	Py_DECREF(r);
	return 0;
}

PyObject *first_kept_across_hook(PyObject *list, PyObject *hook)
{
	PyObject *first = Py_XNewRef(PyList_GetItem(list, 0));
	if (first == NULL)
		return NULL;
	if (call_hook(hook) < 0) {
		Py_DECREF(first);
		return NULL;
	}
	PyObject *r = PyObject_Repr(first);
	Py_DECREF(first);
	return r;
}

static void drop(PyObject *o)
{
	Py_DECREF(o);
}

static int complain(const char *what)
{
	PyErr_Format(PyExc_ValueError, "bad %s", what);
	return -1;
}

PyObject *first_across_quiet_helpers(PyObject *list, PyObject *a)
{
	PyObject *spare = PyObject_Str(a);
	if (spare == NULL)
		return NULL;
	PyObject *first = PyList_GetItem(list, 0);
	drop(spare);
	if (first == NULL)
		return NULL;
	if (first == Py_None) {
		complain("item");
		return NULL;
	}
	return PyObject_Repr(first);
}

PyObject *fresh_list_across_hook(PyObject *a, PyObject *hook)
{
	PyObject *list = PyList_New(0);
	if (list == NULL)
		return NULL;
	if (PyList_Append(list, a) < 0 || call_hook(hook) < 0) {
		Py_DECREF(list);
		return NULL;
	}
	PyObject *r = PyObject_Repr(PyList_GET_ITEM(list, 0));
	Py_DECREF(list);
	return r;
}

// The keywords dict of a METH_KEYWORDS method is made for this one call
// (pyodbc's connect(): `str(value)` of each keyword, then the key used):
// no Python code holds it to change it.
static PyObject *connect_kw(PyObject *self, PyObject *args, PyObject *kwargs)
{
	PyObject *key, *value, *parts = PyDict_New();
	Py_ssize_t pos = 0;
	if (parts == NULL)
		return NULL;
	while (kwargs && PyDict_Next(kwargs, &pos, &key, &value)) {
		PyObject *str = PyObject_Str(value);
		if (str == NULL || PyDict_SetItem(parts, key, str) < 0) {
			Py_XDECREF(str);
			Py_DECREF(parts);
			return NULL;
		}
		Py_DECREF(str);
	}
	return parts;
}

// ... nor can the finaliser of an object a callback returned.
static PyObject *call_per_keyword(PyObject *self, PyObject *args,
				  PyObject *kwargs)
{
	PyObject *key, *value;
	Py_ssize_t pos = 0;
	while (kwargs && PyDict_Next(kwargs, &pos, &key, &value)) {
		PyObject *r = PyObject_CallOneArg(self, value);
		if (r == NULL)
			return NULL;
		Py_DECREF(r);
		if (PyObject_SetAttr(self, key, value) < 0)
			return NULL;
	}
	Py_RETURN_NONE;
}

static PyMethodDef kw_methods[] = {
	{"connect", (PyCFunction)(void (*)(void))connect_kw,
	 METH_VARARGS | METH_KEYWORDS, NULL},
	{"call_per_keyword", (PyCFunction)(void (*)(void))call_per_keyword,
	 METH_VARARGS | METH_KEYWORDS, NULL},
	{NULL, NULL, 0, NULL},
};
