// Borrowed items stored where they outlive the borrow (issue #26), next to
// tuple-item-out-struct-good.cpp: into a Python object's field, from a
// tuple this function releases, into a global.
#include <Python.h>

struct ItemSpec {
	PyObject *name;
};

typedef struct {
	PyObject_HEAD
	PyObject *name;
} SpecObject;

// The object keeps the item after the call's arguments are gone.
int spec_init(SpecObject *self, PyObject *args)
{
	if (PyTuple_Size(args) != 1)
		return -1;
	self->name = PyTuple_GET_ITEM(args, 0); // expect-warning[MOJO-BOR-202] {{borrowed reference from 'PyTuple_GET_ITEM' is stored without taking a reference}}
	return 0;
}

// The tuple is this function's, released before the caller reads the view.
bool parse_from_sequence(ItemSpec *dest, PyObject *seq)
{
	PyObject *t = PyList_AsTuple(seq);
	if (!t)
		return false;
	if (PyTuple_GET_SIZE(t) != 1) {
		Py_DECREF(t);
		return false;
	}
	dest->name = PyTuple_GET_ITEM(t, 0); // expect-warning[MOJO-BOR-202] {{borrowed reference from 'PyTuple_GET_ITEM' is stored without taking a reference}}
	Py_DECREF(t);
	return true;
}

// A global outlives every caller.
static PyObject *last_name;

void remember(PyObject *spec)
{
	last_name = PyTuple_GetItem(spec, 0); // expect-warning[MOJO-BOR-202] {{borrowed reference 'last_name' from 'PyTuple_GetItem' is stored without taking a reference}}
}

// The global is read: what it holds is used later.
PyObject *recall(void)
{
	return Py_XNewRef(last_name);
}
