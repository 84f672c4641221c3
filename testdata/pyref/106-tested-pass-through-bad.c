// A helper that hands its argument back but releases it when it fails is
// no pass-through on its failure: the caller that releases it again there
// releases it twice. (On its success the argument is the result: dropping
// both leaks it.)
#include <Python.h>

static PyObject *ensure_str(PyObject *o)
{
	if (!PyUnicode_Check(o)) {
		Py_DECREF(o);
		PyErr_SetString(PyExc_TypeError, "str expected");
		return NULL;
	}
	return o;
}

static PyObject *name_of(PyObject *self, PyObject *obj)
{
	PyObject *name = PyObject_GetAttrString(obj, "name");
	if (name == NULL)
		return NULL;
	if (!ensure_str(name)) { // expect-warning[MOJO-OWN-101] {{new reference from 'ensure_str' is leaked: its last handle is lost here}}
		Py_DECREF(name); // expect-error[MOJO-OWN-102] {{new reference 'name' from 'PyObject_GetAttrString' is released by 'Py_DECREF' after its reference was stolen}}
		return NULL;
	}
	Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
	{"name_of", (PyCFunction)name_of, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
