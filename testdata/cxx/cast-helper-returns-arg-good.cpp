// A helper that only casts an object to its own struct (liborcus's
// `inline pyobj *t(PyObject *self)`) returns its argument: the new object
// of `tp_alloc` flows through it into `self` and is returned.
// expect-no-diagnostics
#include <Python.h>

struct thing {
	PyObject_HEAD
	int *data;
};

inline thing *t(PyObject *self)
{
	return reinterpret_cast<thing *>(self);
}

PyObject *thing_new(PyTypeObject *type, PyObject *, PyObject *)
{
	thing *self = t(type->tp_alloc(type, 0));
	if (!self)
		return nullptr;
	self->data = nullptr;
	return reinterpret_cast<PyObject *>(self);
}
