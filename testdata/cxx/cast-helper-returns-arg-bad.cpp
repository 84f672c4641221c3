// The object the cast hands back, dropped on a path: it leaks there.
#include <Python.h>

struct thing {
	PyObject_HEAD
	int *data;
};

inline thing *t(PyObject *self)
{
	return reinterpret_cast<thing *>(self);
}

PyObject *thing_new(PyTypeObject *type, PyObject *args, PyObject *)
{
	thing *self = t(type->tp_alloc(type, 0));
	if (!self)
		return nullptr;
	if (PyTuple_GET_SIZE(args) > 1)
		return nullptr; // expect-warning[MOJO-OWN-105] {{'self'}}
	self->data = nullptr;
	return reinterpret_cast<PyObject *>(self);
}
