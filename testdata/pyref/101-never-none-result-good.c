// The result of calling a static type object is an instance of it, and
// Py_BuildValue of a number or of a tuple is a number or a tuple: never
// Py_None, so a test against Py_None that follows is false for them.
// Reduced from quickjs's Python bindings (a type called, a number
// built) and zope.i18nmessageid (`PyDict_Type` called).
#include <Python.h>

typedef struct {
	PyObject_HEAD
	void *p;
} WrapObject;

static PyTypeObject WrapType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Wrap",
	.tp_basicsize = sizeof(WrapObject),
	.tp_new = PyType_GenericNew,
};

PyObject *wrap(PyObject *self, PyObject *arg)
{
	PyObject *r;
	(void)self;
	if (arg == Py_None) {
		r = Py_None; /* a borrowed marker */
	} else {
		r = PyObject_CallObject((PyObject *)&WrapType, NULL);
		if (r == NULL)
			return NULL;
	}
	if (r == Py_None)
		Py_RETURN_NONE;
	return r;
}

static PyObject *convert(int tag, int ival)
{
	PyObject *r = NULL;
	if (tag == 0)
		r = Py_BuildValue("i", ival);
	else if (tag == 1)
		r = Py_None; /* a borrowed marker */
	else
		PyErr_SetString(PyExc_TypeError, "bad tag");
	if (r == Py_None)
		Py_RETURN_NONE;
	return r;
}

PyObject *m_convert(PyObject *self, PyObject *args)
{
	int tag, v;
	(void)self;
	if (!PyArg_ParseTuple(args, "ii", &tag, &v))
		return NULL;
	return convert(tag, v);
}

PyObject *reduce_like(PyObject *value, PyObject *m)
{
	PyObject *mapping, *result;
	if (m == Py_None) {
		mapping = Py_None;
	} else {
		mapping = PyObject_CallFunctionObjArgs((PyObject *)&PyDict_Type,
						       m, NULL);
		if (mapping == NULL)
			return NULL;
	}
	result = Py_BuildValue("(OO)", value, mapping);
	if (mapping != Py_None)
		Py_DECREF(mapping);
	return result;
}

// Two units or more make a tuple of them, never Py_None (pillow's
// `_webp.c`: `Py_BuildValue("SiiSSS", ..)`, then `if (Py_None == ret)`).
PyObject *pair(PyObject *a, PyObject *b)
{
	PyObject *ret = Py_BuildValue("OO", a, b);
	if (ret == Py_None) {
		Py_RETURN_NONE;
	}
	return ret;
}
// expect-no-diagnostics
