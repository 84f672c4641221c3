// A project header in a folder of its own (as Boost.Python's
// include/boost/python/errors.hpp): a template that throws on NULL and
// hands its argument back, and an inline factory.
#include <Python.h>

void throw_error_already_set();

template <class T> inline T *expect_non_null(T *x)
{
	if (x == 0)
		throw_error_already_set();
	return x;
}

inline PyObject *checked(PyObject *o)
{
	return expect_non_null(o);
}
