// A function of external linkage that stores its borrowed parameter
// without a reference is told so (MOJO-BOR-202); its summary does not
// make that store a steal, so its callers, which lend it their borrowed
// reference, are not blamed too. Reduced from glnext (new_memory(self),
// a back-pointer kept without a reference).
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *children;
} Parent;

typedef struct {
	PyObject_HEAD
	Parent *parent;
} Child;

extern PyTypeObject *Child_type;

Child *new_child(Parent *self)
{
	Child *res = PyObject_New(Child, Child_type);
	res->parent = self; // expect-warning[MOJO-BOR-202] {{borrowed reference 'self' is stored without taking a reference}} expect-warning[MOJO-OWN-109] {{is dereferenced before it is checked for NULL}}
	return res;
}

Child *get_child(Parent *self, PyObject *arg)
{
	if (arg == Py_None)
		return new_child(self);
	PyErr_SetString(PyExc_TypeError, "child");
	return NULL;
}
