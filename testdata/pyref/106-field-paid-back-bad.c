// MOJO-OWN-106 and references a field held (issue #30): a release pays
// back a field's reference only when the path cleared a field that can
// hold the object released.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *owner;
} Child;

typedef struct {
	PyObject_HEAD
	Child *child;
} Parent;

// No field cleared.
static PyObject *Parent_drop(PyObject *self, PyObject *unused)
{
	(void)unused;
	Py_DECREF(self); // expect-error[MOJO-OWN-106] {{borrowed reference 'self' is released by 'Py_DECREF' but this function does not own it}}
	Py_RETURN_NONE;
}

// The field cleared holds a Child, not a Parent; the reference it held
// is simply dropped.
static PyObject *Parent_orphan(PyObject *parent, PyObject *unused)
{
	(void)unused;
	((Parent *)parent)->child = NULL;
	Py_DecRef(parent); // expect-error[MOJO-OWN-106] {{borrowed reference 'parent' is released by 'Py_DecRef' but this function does not own it}}
	Py_RETURN_NONE;
}

// Paid back once; the second release is of a borrowed reference.
static PyObject *Parent_twice(PyObject *p, PyObject *arg)
{
	Child *other = (Child *)arg;
	other->owner = NULL;
	Py_DECREF(p);
	Py_XDECREF(p); // expect-error[MOJO-OWN-106] {{borrowed reference 'p' is released by 'Py_XDECREF' but this function does not own it}}
	Py_RETURN_NONE;
}

static PyMethodDef parent_methods[] = {
	{"drop", (PyCFunction)Parent_drop, METH_NOARGS, NULL},
	{"orphan", (PyCFunction)Parent_orphan, METH_NOARGS, NULL},
	{"twice", (PyCFunction)Parent_twice, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
