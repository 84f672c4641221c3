// A cycle through three containers: a -> b -> c -> a.
#include <Python.h>

int ring(PyObject *a, PyObject *b, PyObject *c)
{
	if (PyList_Append(a, b) < 0)
		return -1;
	if (PyList_Append(b, c) < 0)
		return -1;
	if (PyList_Append(c, a) < 0) // expect-warning[MOJO-OWN-108] {{'c' -> 'a' -> 'b' -> 'c'}}
		return -1;
	return 0;
}
