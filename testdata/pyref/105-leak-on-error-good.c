/*
 * MOJO-OWN-105 leak-on-error-exit: correct error handling. Every error
 * exit releases exactly what the function still owns there.
 */
// expect-no-diagnostics
#include <Python.h>
#include <string.h>

typedef struct {
	PyObject_HEAD
	PyObject *first;
	PyObject *last;
} NameObject;

// goto-cleanup with Py_XDECREF of locals that may still be NULL.
PyObject *make_point(double x, double y)
{
	PyObject *px = NULL, *py = NULL, *res = NULL;
	px = PyFloat_FromDouble(x);
	if (px == NULL)
		goto done;
	py = PyFloat_FromDouble(y);
	if (py == NULL)
		goto done;
	res = PyTuple_Pack(2, px, py);
done:
	Py_XDECREF(px);
	Py_XDECREF(py);
	return res;
}

// PyModule_AddObject with the right failure handling: release on failure
// only, since it steals only on success.
PyObject *init_spam(PyModuleDef *def)
{
	PyObject *m = PyModule_Create(def);
	if (m == NULL)
		return NULL;
	PyObject *err = PyErr_NewException("spam.error", NULL, NULL);
	if (err == NULL)
		goto fail;
	if (PyModule_AddObject(m, "error", err) != 0) {
		Py_DECREF(err);
		goto fail;
	}
	return m;
fail:
	Py_DECREF(m);
	return NULL;
}

// The item was stolen by the tuple: releasing the tuple on the later
// error path releases the item too.
PyObject *call_with_int(PyObject *func, long v)
{
	PyObject *args = PyTuple_New(1);
	if (args == NULL)
		return NULL;
	PyObject *num = PyLong_FromLong(v);
	if (num == NULL) {
		Py_DECREF(args);
		return NULL;
	}
	if (PyTuple_SetItem(args, 0, num) < 0) {
		Py_DECREF(args);
		return NULL;
	}
	PyObject *res = PyObject_CallObject(func, args);
	Py_DECREF(args);
	return res;
}

// Arguments are parsed before anything is allocated.
PyObject *new_config(PyObject *self, PyObject *args)
{
	(void)self;
	int verbose = 0;
	if (!PyArg_ParseTuple(args, "|p", &verbose))
		return NULL;
	PyObject *cfg = PyDict_New();
	if (cfg == NULL)
		return NULL;
	if (PyDict_SetItemString(cfg, "verbose", verbose ? Py_True : Py_False) < 0) {
		Py_DECREF(cfg);
		return NULL;
	}
	return cfg;
}

// tp_init: fields of `self` own their values; a failure after the first
// store leaves it to tp_dealloc, and Py_CLEAR undoes it explicitly.
int Name_init(NameObject *self, PyObject *args, PyObject *kwds)
{
	static char *kwlist[] = {"first", "last", NULL};
	PyObject *first = NULL, *last = NULL;
	if (!PyArg_ParseTupleAndKeywords(args, kwds, "|OO", kwlist, &first,
					 &last))
		return -1;
	PyObject *s = PyObject_Str(first ? first : Py_None);
	if (s == NULL)
		return -1;
	Py_XSETREF(self->first, s);
	s = PyObject_Str(last ? last : Py_None);
	if (s == NULL) {
		Py_CLEAR(self->first);
		return -1;
	}
	Py_XSETREF(self->last, s);
	return 0;
}

// An iterator loop that releases the item and the iterator on every exit.
long sum_ints(PyObject *iterable)
{
	PyObject *it = PyObject_GetIter(iterable);
	if (it == NULL)
		return -1;
	long total = 0;
	PyObject *item;
	while ((item = PyIter_Next(it)) != NULL) {
		if (!PyLong_Check(item)) {
			PyErr_SetString(PyExc_TypeError, "expected int");
			Py_DECREF(item);
			Py_DECREF(it);
			return -1;
		}
		total += PyLong_AsLong(item);
		Py_DECREF(item);
	}
	Py_DECREF(it);
	if (PyErr_Occurred())
		return -1;
	return total;
}

// The intermediate result is released before the result is tested:
// returning a NULL `abc` is an error exit that owns nothing.
PyObject *concat3(PyObject *a, PyObject *b, PyObject *c)
{
	PyObject *ab = PyUnicode_Concat(a, b);
	if (ab == NULL)
		return NULL;
	PyObject *abc = PyUnicode_Concat(ab, c);
	Py_DECREF(ab);
	return abc;
}

// Reduced from pyao 0.82 src/aomodule.c (py_ao_play): the "y#" pointer of
// a successful parse is never NULL, so the `!samples` branch (a typo for
// the buffer just allocated) is dead and leaks nothing.
PyObject *play(PyObject *self, PyObject *args)
{
	const char *samples;
	Py_ssize_t len;
	(void)self;
	if (!PyArg_ParseTuple(args, "y#", &samples, &len))
		return NULL;
	char *copy = PyMem_Malloc((size_t)len + 1);
	if (!samples)
		return PyErr_NoMemory();
	if (copy == NULL)
		return PyErr_NoMemory();
	memcpy(copy, samples, (size_t)len);
	PyObject *r = PyBytes_FromStringAndSize(copy, len);
	PyMem_Free(copy);
	return r;
}
