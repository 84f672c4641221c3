// A pointer class of an owner library, followed as its header writes it:
// `ptr(o, true)` takes a reference of its own, which its destructor gives
// back; assigning one pointer to another takes one more for the target;
// the library's reference helpers hand their argument back with the
// reference taken or given.
// expect-no-diagnostics
#include <cppy/cppy.h>

int check(PyObject *o);
extern PyObject *parent_str;

PyObject *getstate(PyObject *self)
{
	cppy::ptr state(PyDict_New());
	if (!state)
		return 0;
	cppy::ptr selfptr(self, true);
	if (check(selfptr.get()))
		return 0;
	return state.release();
}

typedef struct {
	PyObject_HEAD
	PyObject *owner;
	PyObject *metadata;
} Node;

PyObject *walk(Node *self, unsigned level)
{
	unsigned offset = 0;
	cppy::ptr parent;
	cppy::ptr obj(cppy::incref(self->owner));
	while (offset != level) {
		parent = PyObject_GetAttr(obj.get(), parent_str);
		if (!parent)
			return 0;
		obj = parent;
		++offset;
	}
	return obj.release();
}

static PyObject *node_get_metadata(Node *self, void *closure)
{
	if (!self->metadata)
		Py_RETURN_NONE;
	cppy::incref(self->metadata);
	return self->metadata;
}

static int node_set_metadata(Node *self, PyObject *value, void *closure)
{
	if (value == Py_None)
		value = 0;
	PyObject *old = self->metadata;
	self->metadata = value;
	cppy::xincref(value);
	cppy::xdecref(old);
	return 0;
}

static PyGetSetDef node_getset[] = {
	{"metadata", (getter)node_get_metadata, (setter)node_set_metadata,
	 NULL, NULL},
	{NULL},
};

// A bool function returns whether the pointer is set (through the
// class's conversion to `void *`), not the object its pointer holds.
static bool call_ok(PyObject *f, PyObject *o)
{
	cppy::ptr r(PyObject_CallOneArg(f, o));
	return bool(r);
}

int use_call_ok(PyObject *f, PyObject *o)
{
	return call_ok(f, o) ? 0 : -1;
}
