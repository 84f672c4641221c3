// `T(o)` in a function template, T its type parameter (pythoncpp's
// `py_cast<T>(o) { Py_INCREF(o); return T(o); }`, blind C++ round 102):
// what T makes of `o` is its specializations' business, and the owner
// classes it is used with take the reference over.
// expect-no-diagnostics
#include <Python.h>

template <class T> T py_cast(PyObject *o)
{
	Py_INCREF(o);
	return T(o);
}
