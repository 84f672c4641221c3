// A borrowed object kept in a std::vector member, the store paid for by a
// Py_INCREF after it (dpsim's Logger, whose dealloc releases every item):
// push_back keeps a copy, as `self->x = o; Py_INCREF(o);` would, so the
// reference taken is the vector's. (Before the store works as well.)
#include <Python.h>
#include <vector>

struct Logger {
	PyObject_HEAD
	std::vector<PyObject *> refs;
};

PyObject *log_attribute(Logger *self, PyObject *args)
{
	PyObject *obj;
	if (!PyArg_ParseTuple(args, "O", &obj))
		return NULL;
	self->refs.push_back(obj);
	Py_INCREF(obj);
	Py_RETURN_NONE;
}

PyObject *log_attribute_first(Logger *self, PyObject *args)
{
	PyObject *obj;
	if (!PyArg_ParseTuple(args, "O", &obj))
		return NULL;
	Py_INCREF(obj);
	self->refs.push_back(obj);
	Py_RETURN_NONE;
}

// expect-no-diagnostics
