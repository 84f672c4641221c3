// PyObject_CallMethod and PyObject_CallFunction take a NULL object: they
// set SystemError and return NULL (Objects/call.c's null_error()). An
// unchecked result handed to them, then released with Py_XDECREF, crashes
// nowhere (cigram's `PyObject_CallMethod(module, ..)`, C++ round 66).
// expect-no-diagnostics
#include <Python.h>

// A module tested and found NULL (its import failed) is still handed
// over: the call fails again, and nothing crashes.
PyObject *logger_of(PyObject *name)
{
	PyObject *logging = PyImport_ImportModule("logging");
	if (logging == NULL)
		PyErr_SetString(PyExc_RuntimeError, "no logging");
	PyObject *logger = PyObject_CallMethod(logging, "getLogger", "O", name);
	Py_XDECREF(logging);
	return logger;
}

PyObject *call_helper(PyObject *self, PyObject *arg)
{
	(void)self;
	PyObject *mod = PyImport_ImportModule("logging");
	PyObject *r = PyObject_CallMethod(mod, "getLogger", "O", arg);
	Py_XDECREF(mod);
	PyObject *f = PyObject_GetAttrString(arg, "flush");
	PyObject *r2 = PyObject_CallFunction(f, NULL);
	Py_XDECREF(f);
	Py_XDECREF(r2);
	return r;
}
