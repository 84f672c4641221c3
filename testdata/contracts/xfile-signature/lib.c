// The project's `consume`: it takes its argument over and releases it.
#include <Python.h>

void consume(PyObject *o)
{
	Py_DECREF(o);
}
