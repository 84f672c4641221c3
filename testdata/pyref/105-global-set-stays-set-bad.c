// A global callback a function of the file clears (105-global-set-
// stays-set-good.c has none): the Python code a call runs may clear it,
// and the second test may go the other way, leaving the result taken
// under the first unreleased.
#include <Python.h>

static PyObject *label_func;
static PyObject *notes_func;

static int
label(int id)
{
    PyObject *args, *label_result = NULL, *notes_result = NULL;

    if ((args = Py_BuildValue("(i)", id)) == NULL)
        return -1;
    if (label_func)
        label_result = PyObject_Call(label_func, args, NULL);
    if (notes_func)
        notes_result = PyObject_Call(notes_func, args, NULL);
    Py_DECREF(args);

    if (label_func) {
        if (label_result == NULL) { Py_XDECREF(notes_result); return -1; }
        Py_DECREF(label_result);
    }
    if (notes_func) {
        if (notes_result == NULL)
            return -1; // expect-warning[MOJO-OWN-105] {{new reference 'label_result' from 'PyObject_Call' is leaked on error and normal exits (and 1 more site with the same cause)}}
        Py_DECREF(notes_result);
    }
    return 0;
}

static PyObject *
set_label(PyObject *self, PyObject *func)
{
    if (!PyCallable_Check(func)) { PyErr_SetString(PyExc_TypeError, "callable"); return NULL; }
    Py_INCREF(func);
    Py_XSETREF(label_func, func);
    Py_RETURN_NONE;
}
static PyObject *
set_notes(PyObject *self, PyObject *func)
{
    Py_INCREF(func);
    Py_XSETREF(notes_func, func);
    Py_RETURN_NONE;
}
int run_label(int id)
{
	return label(id);
}

static PyObject *clear_label(PyObject *self, PyObject *unused)
{
	Py_CLEAR(label_func);
	Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
	{"set_label", set_label, METH_O, NULL},
	{"clear_label", clear_label, METH_NOARGS, NULL},
	{"set_notes", set_notes, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};

PyMethodDef *callback_methods(void)
{
	return methods;
}
