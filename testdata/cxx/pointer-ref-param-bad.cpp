// A helper with a `PyObject *&` parameter is analysed as written: what it
// makes and neither keeps nor hands over through the caller's variable
// leaks.
#include <Python.h>

static bool fill(PyObject *&out)
{
	PyObject *scratch = PyList_New(0);
	if (scratch == nullptr)
		return false;
	out = PyLong_FromLong(1);
	return out != nullptr; // expect-warning[MOJO-OWN-101] {{new reference 'scratch' from 'PyList_New' is never released}}
}

PyObject *one(void)
{
	PyObject *r = nullptr;
	if (!fill(r))
		return nullptr;
	return r;
}
