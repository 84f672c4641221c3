/*
 * MOJO-OWN-105 leak-on-error-exit: a new reference is not released on an
 * error exit (return NULL / -1, or a goto to an error label). One bug per
 * function; the normal path of each is correct.
 */
#include <Python.h>

// The second allocation fails and the first object is forgotten.
PyObject *make_point(double x, double y)
{
	PyObject *px = PyFloat_FromDouble(x);
	if (px == NULL)
		return NULL;
	PyObject *py = PyFloat_FromDouble(y);
	if (py == NULL)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'px' from 'PyFloat_FromDouble' is leaked on the error exit}}
	PyObject *res = PyTuple_Pack(2, px, py);
	Py_DECREF(px);
	Py_DECREF(py);
	return res;
}

// PyList_Append fails inside the loop: the list being built leaks.
PyObject *squares(long n)
{
	PyObject *list = PyList_New(0);
	if (list == NULL)
		return NULL;
	for (long i = 0; i < n; i++) {
		PyObject *sq = PyLong_FromLong(i * i);
		if (sq == NULL) {
			Py_DECREF(list);
			return NULL;
		}
		int rc = PyList_Append(list, sq);
		Py_DECREF(sq);
		if (rc < 0)
			return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'list' from 'PyList_New' is leaked on the error exit}}
	}
	return list;
}

// An error label that releases one object but not the other.
PyObject *kv_pair(const char *k, long v)
{
	PyObject *key = NULL, *val = NULL;
	key = PyUnicode_FromString(k);
	if (key == NULL)
		goto error;
	val = PyLong_FromLong(v);
	if (val == NULL)
		goto error;
	return Py_BuildValue("(NN)", key, val);
error:
	Py_XDECREF(val);
	return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'key' from 'PyUnicode_FromString' is leaked on the error exit}}
}

// The argument parser fails after the result was allocated.
PyObject *new_config(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *cfg = PyDict_New();
	if (cfg == NULL)
		return NULL;
	int verbose = 0;
	if (!PyArg_ParseTuple(args, "|p", &verbose))
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'cfg' from 'PyDict_New' is leaked on the error exit}}
	PyObject *flag = PyBool_FromLong(verbose);
	if (flag == NULL) {
		Py_DECREF(cfg);
		return NULL;
	}
	int rc = PyDict_SetItemString(cfg, "verbose", flag);
	Py_DECREF(flag);
	if (rc < 0) {
		Py_DECREF(cfg);
		return NULL;
	}
	return cfg;
}

// PyModule_AddObject does not steal when it fails: the error path must
// release the exception object as well as the module.
PyObject *init_spam(PyModuleDef *def)
{
	PyObject *m = PyModule_Create(def);
	if (m == NULL)
		return NULL;
	PyObject *err = PyErr_NewException("spam.error", NULL, NULL);
	if (err == NULL) {
		Py_DECREF(m);
		return NULL;
	}
	if (PyModule_AddObject(m, "error", err) < 0) {
		Py_DECREF(m);
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'err' from 'PyErr_NewException' is leaked on the error exit}}
	}
	return m;
}

// An int function: the conversion fails and the attribute leaks on -1.
int read_size(PyObject *obj, long *out)
{
	PyObject *attr = PyObject_GetAttrString(obj, "size");
	if (attr == NULL)
		return -1;
	long v = PyLong_AsLong(attr);
	if (v == -1 && PyErr_Occurred())
		return -1; // expect-warning[MOJO-OWN-105] {{new reference 'attr' from 'PyObject_GetAttrString' is leaked on the error exit}}
	Py_DECREF(attr);
	*out = v;
	return 0;
}

// A type check in an iterator loop raises without releasing the item.
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
			Py_DECREF(it);
			return -1; // expect-warning[MOJO-OWN-105] {{new reference 'item' from 'PyIter_Next' is leaked on the error exit}}
		}
		total += PyLong_AsLong(item);
		Py_DECREF(item);
	}
	Py_DECREF(it);
	if (PyErr_Occurred())
		return -1;
	return total;
}

// `return PyErr_Format(...)` is an error exit (it always returns NULL).
PyObject *nonempty_str(PyObject *obj)
{
	PyObject *s = PyObject_Str(obj);
	if (s == NULL)
		return NULL;
	if (PyObject_Size(s) == 0)
		return PyErr_Format(PyExc_ValueError, "empty string"); // expect-warning[MOJO-OWN-105] {{new reference 's' from 'PyObject_Str' is leaked on the error exit}}
	return s;
}

// The same PyModule_AddObject mistake with the result tested for truth
// (0 is a cached small int: a note).
PyObject *init_consts(PyModuleDef *def)
{
	PyObject *m = PyModule_Create(def);
	if (m == NULL)
		return NULL;
	PyObject *zero = PyLong_FromLong(0);
	if (zero == NULL) {
		Py_DECREF(m);
		return NULL;
	}
	if (PyModule_AddObject(m, "ZERO", zero)) {
		Py_DECREF(m);
		return NULL; // expect-note[MOJO-OWN-105] {{new reference 'zero' from 'PyLong_FromLong' is leaked on the error exit; it is a cached small int, which CPython never frees}}
	}
	return m;
}

// An optional "s" may be left as it was (NULL): the test is real.
PyObject *maybe_name(PyObject *self, PyObject *args)
{
	const char *name = NULL;
	(void)self;
	PyObject *list = PyList_New(0);
	if (list == NULL)
		return NULL;
	if (!PyArg_ParseTuple(args, "|s", &name)) {
		Py_DECREF(list);
		return NULL;
	}
	if (name == NULL)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'list' from 'PyList_New' is leaked on the error exit}}
	return list;
}
