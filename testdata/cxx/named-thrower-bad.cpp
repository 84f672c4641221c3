// A function named for a condition it throws on (`throwIfError`) returns
// when the condition does not hold: the path goes on. And a reference
// held when a named thrower throws is leaked on that exception exit.
#include <Python.h>
#include <string>

void throwIfError(int status);
void throwError(std::string msg);

int call_truth(PyObject *f, double x, int status)
{
	PyObject *r = PyObject_CallFunction(f, "d", x);
	if (!r)
		throwIfError(status);
	int v = PyObject_IsTrue(r); // expect-warning[MOJO-OWN-109] {{new reference 'r' from 'PyObject_CallFunction' is NULL on this path and is passed to 'PyObject_IsTrue', which does not accept NULL}}
	Py_DECREF(r);
	return v;
}

PyObject *pair(PyObject *a, const char *name, bool empty)
{
	PyObject *n = PyUnicode_FromString(name);
	if (!n)
		return NULL;
	if (empty)
		throwError("empty name"); // expect-warning[MOJO-OWN-105] {{new reference 'n' from 'PyUnicode_FromString' is leaked when the exception leaves 'pair'}}
	PyObject *t = PyTuple_Pack(2, a, n);
	Py_DECREF(n);
	return t;
}
