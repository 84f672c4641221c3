// MOJO-BOR-206, correct code: an item whose exact builtin type was tested
// (PyUnicode_CheckExact, PyLong_CheckExact, `Py_TYPE(x) == &PyFloat_Type`)
// runs no method of the user's when hashed, compared with another exact
// object or turned into a string, so its list cannot change meanwhile.
// (The test headers write Py_IS_TYPE as `Py_TYPE(x) == type`; CPython
// 3.11's, in the real-python suite, as a static inline function.)
// expect-no-diagnostics
#include <Python.h>

extern PyTypeObject PyFloat_Type;

PyObject *str_repr(PyObject *list)
{
	PyObject *item = PyList_GetItem(list, 0);
	if (item == NULL || !PyUnicode_CheckExact(item))
		return NULL;
	if (PyObject_Hash(item) == -1)
		return NULL;
	return PyObject_Repr(item);
}

PyObject *int_or_none(PyObject *list)
{
	PyObject *item = PyList_GetItem(list, 0);
	if (item == NULL)
		return NULL;
	if (PyLong_CheckExact(item)) {
		if (PyObject_Hash(item) == -1)
			return NULL;
		return PyObject_Str(item);
	}
	Py_RETURN_NONE;
}

PyObject *float_str(PyObject *list)
{
	PyObject *item = PyList_GetItem(list, 1);
	if (item == NULL || Py_TYPE(item) != &PyFloat_Type)
		return NULL;
	if (PyObject_Hash(item) == -1)
		return NULL;
	return PyObject_Str(item);
}
