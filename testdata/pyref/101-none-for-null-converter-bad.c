/*
 * The converter of 101-none-for-null-converter-good.c takes its argument
 * over: a borrowed reference given to it is given away, and a reference
 * the caller still needs after it is gone.
 */
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

static PyObject *first_item(PyObject *self, PyObject *list)
{
	PyObject *item = PyList_GetItem(list, 0);
	return AutoNone(item); // expect-error[MOJO-OWN-106] {{borrowed reference 'item' from 'PyList_GetItem' is passed to 'AutoNone', which steals a reference this function does not own}}
}

static PyObject *as_str(PyObject *self, PyObject *arg)
{
	PyObject *s = PyObject_Str(arg);
	PyObject *ret = AutoNone(s);
	Py_XDECREF(s); // expect-error[MOJO-OWN-102] {{new reference 's' from 'PyObject_Str' is released by 'Py_XDECREF' after its reference was stolen}}
	return ret;
}

static PyMethodDef methods[] = {
	{"first_item", first_item, METH_O, NULL},
	{"as_str", as_str, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
