// Helpers that call themselves: what they return is learned from their
// other paths first, then their calls of themselves are read with that.
// cffi's `lib_build_and_cache_attr` returns the borrowed reference its
// dict keeps, also when it found the object through its own recursion;
// mod_wsgi's `Log_write` returns None or NULL, or what it returns for
// another log it forwards to.
// expect-no-diagnostics
#include <Python.h>

typedef struct Lib {
	PyObject_HEAD
	PyObject *l_dict;
	struct Lib *included;
} Lib;

static PyObject *build_and_cache(Lib *lib, PyObject *name, int recursion)
{
	// does not return a new reference
	int err;
	PyObject *x;
	if (lib->included != NULL && recursion < 100) {
		x = PyDict_GetItem(lib->included->l_dict, name);
		if (x != NULL) {
			Py_INCREF(x);
			goto found;
		}
		x = build_and_cache(lib->included, name, recursion + 1);
		if (x != NULL) {
			Py_INCREF(x);
			goto found;
		}
		return NULL;
	}
	x = PyUnicode_Concat(name, name);
found:
	if (x == NULL)
		return NULL;
	err = PyDict_SetItem(lib->l_dict, name, x);
	Py_DECREF(x);
	if (err < 0)
		return NULL;
	return x; // the dict keeps it
}

static PyObject *lib_getattr(Lib *lib, PyObject *name)
{
	PyObject *x = PyDict_GetItem(lib->l_dict, name);
	if (x == NULL) {
		x = build_and_cache(lib, name, 0);
		if (x == NULL)
			return NULL;
	}
	if (PyUnicode_Check(x))
		return PyObject_Repr(x);
	Py_INCREF(x);
	return x;
}

typedef struct Log {
	PyObject_HEAD
	struct Log *target;
	Py_ssize_t count;
} Log;

static PyObject *Log_write(Log *self, PyObject *args)
{
	const char *s;
	Py_ssize_t n;
	if (self->target != NULL && self->target != self)
		return Log_write(self->target, args);
	if (!PyArg_ParseTuple(args, "s#:write", &s, &n))
		return NULL;
	self->count += n;
	Py_RETURN_NONE;
}

static PyObject *Log_writelines(Log *self, PyObject *seq)
{
	PyObject *it = PyObject_GetIter(seq), *item;
	if (it == NULL)
		return NULL;
	while ((item = PyIter_Next(it))) {
		PyObject *result, *a = PyTuple_Pack(1, item);
		Py_DECREF(item);
		if (a == NULL) {
			Py_DECREF(it);
			return NULL;
		}
		result = Log_write(self, a);
		Py_DECREF(a);
		if (!result) {
			Py_DECREF(it);
			return NULL;
		}
	}
	Py_DECREF(it);
	if (PyErr_Occurred())
		return NULL;
	Py_RETURN_NONE;
}

static PyTypeObject LibType = {
	PyVarObject_HEAD_INIT(NULL, 0).tp_name = "m.Lib",
	.tp_getattro = (getattrofunc)lib_getattr,
};

static PyMethodDef Log_methods[] = {
	{"write", (PyCFunction)Log_write, METH_VARARGS, NULL},
	{"writelines", (PyCFunction)Log_writelines, METH_O, NULL},
	{NULL, NULL, 0, NULL}};
