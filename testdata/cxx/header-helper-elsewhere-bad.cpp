// What passes through a header helper is still the caller's to release.
#include "include-elsewhere/errors.hpp"

Py_ssize_t length_of_sum(PyObject *a)
{
	PyObject *r = checked(PyNumber_Add(a, a));
	return PyObject_Size(r); // expect-warning[MOJO-OWN-101] {{new reference 'r' from 'PyNumber_Add' is never released}}
}
