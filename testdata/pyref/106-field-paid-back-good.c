// MOJO-OWN-106 and references a field held (issue #30): a child keeps a
// reference to its parent in a field (`Py_INCREF(self); other->owner =
// self;`), and the function that detaches them clears the field and
// releases the parent under its own name. The release pays back the
// field's reference: no release of a borrowed reference, and no leak of
// the value read from the field to test it.
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *owner;
} Child;

typedef struct Parent {
	PyObject_HEAD
	Child *child;
	struct Parent *up;
} Parent;

static PyObject *Parent_attach(Parent *self, PyObject *arg)
{
	Child *other = (Child *)arg;
	Py_INCREF(self);
	other->owner = (PyObject *)self;
	Py_INCREF(other);
	Py_XSETREF(self->child, other);
	Py_RETURN_NONE;
}

// The field is read to test it, then cleared.
static PyObject *Parent_detach(Parent *self, PyObject *unused)
{
	(void)unused;
	Child *other = self->child;
	if (other == NULL)
		Py_RETURN_NONE;
	if (other->owner != NULL) {
		other->owner = NULL;
		Py_DECREF(self);
	}
	Py_RETURN_NONE;
}

// Cleared without being read.
static PyObject *Parent_release(Parent *self, PyObject *arg)
{
	Child *other = (Child *)arg;
	other->owner = NULL;
	Py_DECREF(self);
	Py_RETURN_NONE;
}

// Compared with the object released first.
static PyObject *Parent_forget(Parent *self, PyObject *arg)
{
	Child *other = (Child *)arg;
	if (other->owner == (PyObject *)self) {
		other->owner = NULL;
		Py_DECREF(self);
	}
	Py_RETURN_NONE;
}

// A field typed as the released object's own type.
static PyObject *Parent_unlink(Parent *self, PyObject *arg)
{
	Parent *below = (Parent *)arg;
	below->up = NULL;
	Py_DECREF(self);
	Py_RETURN_NONE;
}

// A ring of children read from the object's own struct, each child's
// field tested (a defensive test: every child in the ring holds its
// parent), then cleared and paid back whatever the test said
// (persistent's cPickleCache `cc_clear`, C round 64).
static PyObject *Parent_clear_ring(Parent *self, PyObject *unused)
{
	(void)unused;
	while (self->up) {
		Parent *below = self->up;
		if (below->up)
			Py_INCREF(below);
		else
			Py_INCREF(below);
		below->up = NULL;
		Py_DECREF(self);
		self->up = NULL;
		Py_DECREF(below);
	}
	Py_RETURN_NONE;
}

static PyMethodDef parent_methods[] = {
	{"clear_ring", (PyCFunction)Parent_clear_ring, METH_NOARGS, NULL},
	{"attach", (PyCFunction)Parent_attach, METH_O, NULL},
	{"detach", (PyCFunction)Parent_detach, METH_NOARGS, NULL},
	{"release", (PyCFunction)Parent_release, METH_O, NULL},
	{"forget", (PyCFunction)Parent_forget, METH_O, NULL},
	{"unlink", (PyCFunction)Parent_unlink, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
