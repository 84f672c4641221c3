// The exceptional edge of an owner's constructor that throws when given
// NULL (Boost.Python's handle<>) is named after the construction as
// written, not after a variable the analysis made up.
#include <Python.h>
#include <boost/python.hpp>

using namespace boost::python;

PyObject *str_and_repr(PyObject *o)
{
	PyObject *s = PyObject_Str(o);
	if (!s)
		return NULL;
	handle<> r(PyObject_Repr(o));
	return PyTuple_Pack(2, s, r.get());
}

object wrap(PyObject *o)
{
	return object(handle<>(borrowed(o)));
}

object number(long n)
{
	return wrap(PyLong_FromLong(n));
}
