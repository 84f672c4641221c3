// A helper's documentation states its contract: a parameter documented
// as stolen is taken over (its callers hand it their references), and a
// result documented as borrowed is no new reference. So is a function
// that hands back an item of a parameter's container an accessor, when
// it is not shaped as a method CPython calls. Reduced from
// PyCppContainers' python_container_convert.h/.cpp (py_tuple_set,
// py_tuple_get).
#include <Python.h>

/**
 * Set a value in the tuple. This is a wrapper around PyTuple_SET_ITEM.
 *
 * @param tuple_p The Python tuple.
 * @param pos Index into the tuple to set.
 * @param op Value to set, the reference is stolen.
 * @return 0 on success.
 */
int py_tuple_set(PyObject *tuple_p, size_t pos, PyObject *op);

/**
 * Get a value from the tuple.
 *
 * @return Value to get, the reference is borrowed.
 */
PyObject *py_dict_get(PyObject *dict_p, PyObject *key);

int py_tuple_set(PyObject *tuple_p, size_t pos, PyObject *op)
{
	PyTuple_SET_ITEM(tuple_p, pos, op);
	return 0;
}

/**
 * @param[in] op the value; the reference is stolen.
 */
int py_tuple_put(PyObject *tuple_p, PyObject *op)
{
	PyTuple_SET_ITEM(tuple_p, 0, op);
	return 0;
}

PyObject *py_dict_get(PyObject *dict_p, PyObject *key)
{
	return PyDict_GetItem(dict_p, key);
}

PyObject *py_tuple_get(PyObject *tuple_p, size_t pos)
{
	return PyTuple_GET_ITEM(tuple_p, pos);
}

PyObject *py_list_first(PyObject *list)
{
	return PyList_GetItem(list, 0);
}

PyObject *make_pair(void)
{
	PyObject *t = PyTuple_New(1);
	if (!t)
		return NULL;
	PyObject *v = PyLong_FromLong(7);
	if (!v) {
		Py_DECREF(t);
		return NULL;
	}
	py_tuple_set(t, 0, v);
	long x = PyLong_AsLong(py_tuple_get(t, 0));
	(void)x;
	return t;
}
// expect-no-diagnostics
