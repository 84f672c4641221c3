// A function of another file named for throwing, behind the project's
// error macro (gyoto's `void Gyoto::throwError(std::string)` and
// GYOTO_ERROR): it never returns, so the code after it on that branch
// never runs with the value it tested.
// expect-no-diagnostics
#include <Python.h>
#include <string>

namespace Gyoto {
void throwError(std::string msg);
}
#define GYOTO_ERROR(msg) Gyoto::throwError(std::string(__FILE__) + ": " + msg)

double call_float(PyObject *f, double x)
{
	PyObject *r = PyObject_CallFunction(f, "d", x);
	if (!r)
		GYOTO_ERROR("the call failed");
	double v = PyFloat_AsDouble(r);
	Py_DECREF(r);
	return v;
}

PyObject *import(const char *name)
{
	PyObject *n = PyUnicode_FromString(name);
	if (!n)
		GYOTO_ERROR("bad name");
	PyObject *m = PyImport_Import(n);
	Py_DECREF(n);
	return m;
}
