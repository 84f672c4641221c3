/*
 * MOJO-OWN-107 borrowed-returned-as-new: correct ways of returning an
 * object the function does not own: take a new reference first.
 */
// expect-no-diagnostics
#include <Python.h>

// Py_RETURN_NONE returns a new reference to None.
PyObject *do_nothing(PyObject *self, PyObject *args)
{
	(void)self;
	(void)args;
	Py_RETURN_NONE;
}

// Py_INCREF on the borrowed lookup result, then return it.
PyObject *lookup(PyObject *d, PyObject *key)
{
	PyObject *v = PyDict_GetItemWithError(d, key);
	if (v == NULL) {
		if (!PyErr_Occurred())
			PyErr_SetObject(PyExc_KeyError, key);
		return NULL;
	}
	Py_INCREF(v);
	return v;
}

// Py_NewRef on an argument (an identity method, `__enter__`).
PyObject *enter(PyObject *self, PyObject *args)
{
	(void)args;
	return Py_NewRef(self);
}

// Py_RETURN_TRUE / Py_RETURN_FALSE on different branches.
PyObject *is_positive(PyObject *self, PyObject *arg)
{
	(void)self;
	long v = PyLong_AsLong(arg);
	if (v == -1 && PyErr_Occurred())
		return NULL;
	if (v > 0)
		Py_RETURN_TRUE;
	Py_RETURN_FALSE;
}

// A static helper returning a borrowed reference; the public caller takes
// a new reference before returning it.
static PyObject *find_option(PyObject *options, const char *name)
{
	return PyDict_GetItemString(options, name);
}

PyObject *get_option(PyObject *options)
{
	PyObject *v = find_option(options, "level");
	if (v == NULL)
		Py_RETURN_NONE;
	return Py_NewRef(v);
}

// Comparison slots return NotImplemented with a new reference.
PyObject *richcompare(PyObject *a, PyObject *b, int op)
{
	(void)a;
	(void)b;
	if (op != 2)
		Py_RETURN_NOTIMPLEMENTED;
	Py_RETURN_FALSE;
}

// Py_XNewRef of an item that may be missing (NULL is then an error exit
// with the exception set by PyList_GetItem).
PyObject *item_or_error(PyObject *list, Py_ssize_t i)
{
	return Py_XNewRef(PyList_GetItem(list, i));
}

// A new reference from PyTuple_Pack is returned as is.
PyObject *swap(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *a, *b;
	if (!PyArg_ParseTuple(args, "OO", &a, &b))
		return NULL;
	return PyTuple_Pack(2, b, a);
}

// Reduced from CPython 3.11.2 Modules/_ssl.c (_get_aia_uri): a static
// helper returns a borrowed Py_None as a "nothing found" marker, and its
// callers in the file test for it and never release it.
static PyObject *find_uris(PyObject *list)
{
	if (PyList_GET_SIZE(list) == 0)
		return Py_None;
	return PyList_AsTuple(list);
}

int add_uris(PyObject *dict, PyObject *list)
{
	PyObject *obj = find_uris(list);
	if (obj == NULL)
		return -1;
	if (obj != Py_None) {
		int rc = PyDict_SetItemString(dict, "uris", obj);
		Py_DECREF(obj);
		return rc;
	}
	return 0;
}

// What a callee given the address of a local struct put in its fields is
// not known to be borrowed (a parser's result).
struct parse_state {
	PyObject *root;
	int depth;
};
int parse_into(const char *s, struct parse_state *st);

static PyObject *decode(const char *s)
{
	struct parse_state st;
	if (parse_into(s, &st) < 0)
		return NULL;
	return st.root;
}

PyObject *loads(PyObject *self, PyObject *arg)
{
	PyObject *r = decode(PyUnicode_AsUTF8(arg));
	return r;
}

// A helper documented to return a borrowed item, or None when there is no
// map (pyodbc's Connection_GetConverter): the reference Py_RETURN_NONE
// counts does not make its contract "new reference", and its callers
// do not release what it returns.
static PyObject *converter_of(PyObject *map, PyObject *key)
{
	if (map == NULL)
		Py_RETURN_NONE;
	return PyDict_GetItem(map, key);
}

int has_converter(PyObject *map, PyObject *key)
{
	PyObject *func = converter_of(map, key);
	return func != NULL && func != Py_None;
}

// Alive after the release only because the list holds it, and released
// by the function itself before it returns it: it says that it hands out
// a borrow from the list (testdata/pyref/107-released-then-returned-*).
PyObject *interned(PyObject *lifeline, const char *s)
{
	PyObject *o = PyUnicode_InternFromString(s);
	if (o == NULL)
		return NULL;
	if (PyList_Append(lifeline, o) < 0) {
		Py_DECREF(o);
		return NULL;
	}
	Py_DECREF(o);
	return o;
}
