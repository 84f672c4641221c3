// Boost.Python's handle<> owns the reference it is made from and releases
// it in its destructor (casacore's converters: `handle<> it(allow_null(
// PyObject_GetIter(seq)))`); made of borrowed(p), it takes one of its own;
// a copy takes another; an object made of a handle owns one more.
// expect-no-diagnostics
#include <Python.h>
#include <boost/python.hpp>

using namespace boost::python;

bool all_ints(PyObject *seq)
{
	handle<> it(allow_null(PyObject_GetIter(seq)));
	if (!it.get()) {
		PyErr_Clear();
		return false;
	}
	while (true) {
		handle<> item(allow_null(PyIter_Next(it.get())));
		if (PyErr_Occurred()) {
			PyErr_Clear();
			return false;
		}
		if (!item.get())
			break;
		if (!PyLong_Check(item.get()))
			return false;
	}
	return true;
}

PyObject *first_of(PyObject *list)
{
	handle<> item(borrowed(PyList_GetItem(list, 0)));
	handle<> copy(item);
	return copy.release();
}

long length_of(PyObject *o)
{
	object obj(handle<>(borrowed(o)));
	return (long)PyObject_Size(obj.ptr());
}

// handle<>(p) without allow_null throws when p is NULL: the list made of
// it holds an object (stpyv8's `keys = py::list(py::handle<>(
// PyObject_Dir(o)))`); decref releases (its traceback, before a call
// that may throw).
Py_ssize_t count_keys(PyObject *o, bool dir)
{
	list keys;
	if (dir)
		keys = list(handle<>(PyObject_Dir(o)));
	else
		keys = list(handle<>(PyMapping_Items(o)));
	return PyList_Size(keys.ptr());
}

void drop_traceback(void)
{
	PyObject *exc, *val, *trb;
	PyErr_Fetch(&exc, &val, &trb);
	object type(handle<>(allow_null(exc))), value(handle<>(allow_null(val)));
	if (trb)
		decref(trb);
	list l;
	(void)l;
}
