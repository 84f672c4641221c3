// As boost-python-handle-good.cpp, but the reference is taken out of the
// handle and dropped, or taken again with borrowed() and never released.
#include <Python.h>
#include <boost/python.hpp>

using namespace boost::python;

Py_ssize_t released_and_dropped(PyObject *seq)
{
	handle<> it(allow_null(PyObject_GetIter(seq)));
	if (!it.get())
		return -1;
	PyObject *raw = it.release();
	return PyObject_Size(raw); // expect-warning[MOJO-OWN-101] {{new reference 'it' from 'PyObject_GetIter' is never released}}
}

// handle<>(p) of a NULL p throws: the reference held in a plain pointer
// is leaked when the exception leaves.
PyObject *str_and_repr(PyObject *o)
{
	PyObject *s = PyObject_Str(o);
	if (!s)
		return NULL;
	handle<> r(PyObject_Repr(o)); // expect-warning[MOJO-OWN-105] {{new reference 's' from 'PyObject_Str' is leaked when the exception leaves 'str_and_repr'}}
	return PyTuple_Pack(2, s, r.get());
}
