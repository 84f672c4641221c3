// MOJO-BOR-206 despite a type test: PyUnicode_Check admits subclasses
// (a user `__hash__`), a container's exact type says nothing of its
// items, and the branch where the exact test failed knows nothing.
#include <Python.h>

PyObject *subclass_repr(PyObject *list)
{
	PyObject *item = PyList_GetItem(list, 0);
	if (item == NULL || !PyUnicode_Check(item))
		return NULL;
	if (PyObject_Hash(item) == -1)
		return NULL;
	return PyObject_Repr(item); // expect-warning[MOJO-BOR-206] {{'item' from 'PyList_GetItem' is passed to 'PyObject_Repr' after 'PyObject_Hash' may have run Python code}}
}

PyObject *list_repr(PyObject *list)
{
	PyObject *item = PyList_GetItem(list, 0);
	if (item == NULL || !Py_IS_TYPE(item, &PyList_Type))
		return NULL;
	if (PyObject_Hash(item) == -1)
		return NULL;
	return PyObject_Repr(item); // expect-warning[MOJO-BOR-206] {{'item' from 'PyList_GetItem' is passed to 'PyObject_Repr' after 'PyObject_Hash' may have run Python code}}
}

PyObject *other_branch(PyObject *list)
{
	PyObject *item = PyList_GetItem(list, 0);
	if (item == NULL)
		return NULL;
	if (PyLong_CheckExact(item))
		return PyObject_Repr(item);
	if (PyObject_Hash(item) == -1)
		return NULL;
	return PyObject_Repr(item); // expect-warning[MOJO-BOR-206] {{'item' from 'PyList_GetItem' is passed to 'PyObject_Repr' after 'PyObject_Hash' may have run Python code}}
}
