// A header function every unit that includes it analyzes under
// --header-filter (header-every-unit, testdata/meson.build).
#include <Python.h>

// The first item of a tuple, borrowed.
static inline PyObject *peek(PyObject *t)
{
	return PyTuple_GET_ITEM(t, 0);
}
