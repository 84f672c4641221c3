// As type-parameter-construct-good.cpp, but T is made of nothing: the
// reference taken is not given to it.
#include <Python.h>

template <class T> T py_cast(PyObject *o)
{
	Py_INCREF(o);
	return T(); // expect-warning[MOJO-OWN-101] {{an extra reference to 'o' (taken by 'Py_INCREF') is never released}}
}
