/*
 * A converter that hands its argument back, or a new reference to None in
 * its place (PyMOL's `PConvAutoNone(result)`: None, with a reference,
 * when the argument is NULL or None): its result is a new reference and
 * it takes the argument over. `return AutoNone(result);` hands the
 * caller's reference on; `AutoNone(Py_None)` gives a new reference to
 * None and takes none from the static object.
 */
// expect-no-diagnostics
#include <Python.h>

static PyObject *AutoNone(PyObject *result)
{
	if (result == Py_None)
		Py_INCREF(result);
	else if (result == NULL) {
		result = Py_None;
		Py_INCREF(result);
	}
	return result;
}

static PyObject *Success(void)
{
	return AutoNone(Py_None);
}

static PyObject *as_list(PyObject *self, PyObject *unused)
{
	PyObject *result = PyList_New(0);
	if (result == NULL)
		goto done;
	PyObject *item = PyLong_FromLong(1);
	if (item == NULL)
		goto done;
	if (PyList_Append(result, item) < 0) {
		Py_DECREF(item);
		Py_CLEAR(result);
		goto done;
	}
	Py_DECREF(item);
done:
	return AutoNone(result);
}

static PyObject *set_view(PyObject *self, PyObject *args)
{
	if (!PyArg_ParseTuple(args, ""))
		return NULL;
	return Success();
}

static PyObject *get_nothing(PyObject *self, PyObject *args)
{
	return AutoNone(NULL);
}

static PyMethodDef methods[] = {
	{"as_list", as_list, METH_NOARGS, NULL},
	{"set_view", set_view, METH_VARARGS, NULL},
	{"get_nothing", get_nothing, METH_VARARGS, NULL},
	{NULL, NULL, 0, NULL},
};
