/*
 * A flag caches a test of an object's field against None; one of two
 * containers is made under the flag, and the field is tested again at the
 * end to pick which one to hand back. Nothing can assign the field in
 * between (no function of the file that Python code reaches assigns it;
 * the calls in between are the file's own or the C API's), so the second
 * test has the first one's outcome: the cross paths, where the container
 * made is not the one handed back, do not exist.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *pairs_cb; /* READONLY member, set once when made */
	PyObject *cache;
} Reader;

static PyObject *read_value(Reader *r, PyObject *src, Py_ssize_t at,
			    Py_ssize_t *next);

static PyObject *read_map(Reader *r, PyObject *src, Py_ssize_t at,
			  Py_ssize_t end)
{
	PyObject *map = NULL, *pairs = NULL, *k = NULL, *v = NULL;
	int as_pairs = (r->pairs_cb != Py_None);
	Py_ssize_t next;

	if (as_pairs) {
		pairs = PyList_New(0);
		if (pairs == NULL)
			return NULL;
	} else {
		map = PyDict_New();
		if (map == NULL)
			return NULL;
	}
	while (at < end) {
		k = read_value(r, src, at, &next);
		if (k == NULL)
			goto fail;
		v = read_value(r, src, next, &next);
		if (v == NULL)
			goto fail;
		if (as_pairs) {
			PyObject *item = PyTuple_Pack(2, k, v);
			if (item == NULL)
				goto fail;
			Py_CLEAR(k);
			Py_CLEAR(v);
			if (PyList_Append(pairs, item) < 0) {
				Py_DECREF(item);
				goto fail;
			}
			Py_DECREF(item);
		} else {
			if (PyDict_SetItem(map, k, v) < 0)
				goto fail;
			Py_CLEAR(k);
			Py_CLEAR(v);
		}
		at = next;
	}
	if (r->pairs_cb != Py_None) {
		v = PyObject_CallOneArg(r->pairs_cb, pairs);
		if (v == NULL)
			goto fail;
		Py_DECREF(pairs);
		return v;
	}
	return map;
fail:
	Py_XDECREF(map);
	Py_XDECREF(pairs);
	Py_XDECREF(k);
	Py_XDECREF(v);
	return NULL;
}

static PyObject *read_value(Reader *r, PyObject *src, Py_ssize_t at,
			    Py_ssize_t *next)
{
	if (at == 0)
		return read_map(r, src, 1, 10);
	*next = at + 1;
	return PyUnicode_FromString("x");
}

PyObject *reader_read(Reader *r, PyObject *src)
{
	Py_ssize_t n;
	return read_value(r, src, 0, &n);
}

/* The flag made without a call after it: the same field read again. */
PyObject *reader_empty(Reader *r)
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
	if (r->pairs_cb == Py_None)
		return map;
	PyObject *res = PyObject_CallOneArg(r->pairs_cb, pairs);
	Py_DECREF(pairs);
	return res;
}
