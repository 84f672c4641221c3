/* A module that only builds on Python 3.12 or later: its member table
 * uses Py_T_BOOL and Py_READONLY, which older headers do not declare
 * (snek8, C round 111). There True and False are immortal, so stealing
 * them or returning them without a reference frees nothing: no
 * MOJO-OWN-106 for `PyList_SET_ITEM(l, 0, Py_True)`, no MOJO-OWN-107 for
 * `return Py_True;` (python-version-311.c, without the 3.12 names, has
 * the latter). */
#include <Python.h>

typedef struct {
	PyObject_HEAD
	char flag;
} Obj;

static PyMemberDef members[] = {
	{"flag", Py_T_BOOL, offsetof(Obj, flag), Py_READONLY, NULL},
	{NULL},
};

static PyObject *bits(PyObject *self, PyObject *arg)
{
	PyObject *l = PyList_New(2);
	if (!l)
		return NULL;
	PyList_SET_ITEM(l, 0, Py_True);
	PyList_SET_ITEM(l, 1, Py_False);
	return l;
}

static PyObject *yes(PyObject *self, PyObject *arg)
{
	return Py_True;
}

static PyMethodDef methods[] = {
	{"bits", bits, METH_O, NULL},
	{"yes", yes, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
