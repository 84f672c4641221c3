// A function with external linkage that returns a borrowed reference on
// every path, and that the file's own callers take as borrowed (zope.proxy's
// variant of `_PyType_Lookup`): it is a helper of the file, whose body says
// what it returns. (Were no function of the file to call it, it would be
// held to the convention, MOJO-OWN-107: 107-borrowed-returned-bad.c.)
// expect-no-diagnostics
#include <Python.h>

PyObject *Type_Lookup(PyTypeObject *type, PyObject *name)
{
	PyObject *mro = type->tp_mro, *res;
	Py_ssize_t i, n;
	if (mro == NULL)
		return NULL;
	n = PyTuple_GET_SIZE(mro);
	for (i = 0; i < n; i++) {
		PyObject *base = PyTuple_GET_ITEM(mro, i);
		res = PyDict_GetItem(((PyTypeObject *)base)->tp_dict, name);
		if (res != NULL)
			return res;
	}
	return NULL;
}

static PyObject *get(PyObject *self, PyObject *name)
{
	PyObject *d = Type_Lookup(Py_TYPE(self), name);
	if (d != NULL) {
		Py_INCREF(d);
		return d;
	}
	return PyObject_GetAttr(self, name);
}

static int has(PyObject *self, PyObject *name)
{
	PyObject *d = Type_Lookup(Py_TYPE(self), name);
	return d != NULL && Py_TYPE(d)->tp_descr_set != NULL;
}

PyObject *use_them(PyObject *self, PyObject *name)
{
	if (has(self, name))
		return get(self, name);
	Py_RETURN_NONE;
}
