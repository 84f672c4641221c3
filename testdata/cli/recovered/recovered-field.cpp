// A field whose type no header declares (a library of another version):
// clang drops the member from `self->iter = nullptr;` and keeps
// `self = nullptr` of dependent type, its recovery. The function that
// holds it is skipped, not read as losing `self` (tkrzw-python, C++ round
// 67); the one that does not touch the field is analyzed, and its leak is
// reported.
#include <Python.h>

namespace lib {
}

struct PyIter {
	PyObject_HEAD
	lib::Index::Iterator *iter;
	bool concurrent;
};

PyObject *iter_new(PyTypeObject *type, PyObject *, PyObject *)
{
	PyIter *self = (PyIter *)type->tp_alloc(type, 0);
	if (!self)
		return nullptr;
	self->iter = nullptr;
	self->concurrent = false;
	return (PyObject *)self;
}

PyObject *flag_of(PyObject *o)
{
	PyObject *n = PyFloat_FromDouble(((PyIter *)o)->concurrent ? 1.5 : 0.5);
	(void)n;
	Py_RETURN_NONE;
}
