// A helper whose only statement is `if (PyErr_Occurred() != nullptr) {
// ..; <throw> }` throws exactly when an error is set (yamal's
// raise_python_error()), here through a macro whose `if` is always taken
// and an operator whose `return` after its `throw` is dead (yamal's
// fmc_runtime_error_unless(false) and exception_builder): after a NULL
// result it does not return.
// expect-no-diagnostics
#include <Python.h>

struct error_builder {
	int operator,(int)
	{
		throw 1;
		return 0;
	}
};
#define RAISE_UNLESS(C) if (__builtin_expect(!(C), 0)) error_builder(), 0

void raise_python_error()
{
	if (PyErr_Occurred() != nullptr) {
		PyObject *type, *value, *tb;
		PyErr_Fetch(&type, &value, &tb);
		Py_XDECREF(type);
		Py_XDECREF(value);
		Py_XDECREF(tb);
		RAISE_UNLESS(false);
	}
}

Py_ssize_t size_of(PyObject *o, const char *name)
{
	PyObject *attr = PyObject_GetAttrString(o, name);
	if (!attr)
		raise_python_error();
	Py_ssize_t n = Py_TYPE(attr)->tp_basicsize;
	Py_DECREF(attr);
	return n;
}
