// An exit that can be taken (a size out of range) leaves the arguments
// with the caller: the helper consumes them on some paths only, and the
// caller that hands them over leaks them there.
#include <Python.h>

static PyObject *make_pair(PyTypeObject *type, Py_ssize_t n, PyObject *a,
			   PyObject *b)
{
	PyObject *new;
	if (n > 2) {
		PyErr_SetString(PyExc_ValueError, "too many");
		return NULL;
	}
	new = type->tp_alloc(type, 2);
	if (new) {
		PyTuple_SET_ITEM(new, 0, a);
		PyTuple_SET_ITEM(new, 1, b);
	} else {
		Py_DECREF(a);
		Py_DECREF(b);
	}
	return new;
}

static PyObject *shift(PyObject *self, PyObject *delta)
{
	PyObject *a = PyNumber_Add(PyTuple_GET_ITEM(self, 0), delta);
	if (a == NULL)
		return NULL;
	PyObject *b = PyNumber_Add(PyTuple_GET_ITEM(self, 1), delta);
	if (b == NULL) {
		Py_DECREF(a);
		return NULL;
	}
	return make_pair(Py_TYPE(self), PyTuple_GET_SIZE(self), a, b); // expect-warning[MOJO-OWN-101] {{new reference 'a' from 'PyNumber_Add' is never released}} expect-warning[MOJO-OWN-101] {{new reference 'b' from 'PyNumber_Add' is never released}}
}

PyMethodDef methods[] = {
	{"shift", (PyCFunction)shift, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
