// One direction or the other, never both on one path.
#include <Python.h>

int attach(PyObject *a, PyObject *b, int a_owns_b)
{
	if (a_owns_b)
		return PyList_Append(a, b);
	else
		return PyList_Append(b, a);
}
// expect-no-diagnostics
