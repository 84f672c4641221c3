// pybind11 misuse against Debian's pybind11-dev (issue #17, point 2).
#include <pybind11/pybind11.h>

namespace py = pybind11;

// ptr() of an object destroyed at the end of the function.
PyObject *dangling_ptr(long a)
{
	py::object o = py::reinterpret_steal<py::object>(PyLong_FromLong(a));
	return o.ptr(); // expect-error[MOJO-OWN-103] {{returned after it was released}}
}

// release() without taking the reference.
int release_dropped(long a)
{
	py::object o = py::reinterpret_steal<py::object>(PyLong_FromLong(a));
	o.release();
	return 0; // expect-warning[MOJO-OWN-101] {{never released}}
}

// A borrowed argument stolen by an object: released once too often.
int steal_borrowed(PyObject *arg)
{
	py::object o = py::reinterpret_steal<py::object>(arg);
	return 0; // expect-error[MOJO-OWN-106] {{'arg'}}
}

// A raw reference held when error_already_set is thrown.
PyObject *raw_on_throw(PyObject *arg)
{
	PyObject *a = PyLong_FromLong(1001);
	if (!a)
		throw py::error_already_set();
	PyObject *b = PyNumber_Add(a, arg);
	if (!b)
		throw py::error_already_set(); // expect-warning[MOJO-OWN-105] {{'a'}}
	Py_DECREF(a);
	return b;
}

// The same helper testing the error indicator first: a non-NULL result
// with an error set is leaked by the throw.
namespace {
inline py::object object_or_throw(PyObject *ptr)
{
	if (PyErr_Occurred() || ptr == nullptr)
		throw py::error_already_set(); // expect-warning[MOJO-OWN-105] {{new reference 'ptr' is leaked when the exception leaves 'object_or_throw'}}
	return py::reinterpret_steal<py::object>(ptr);
}
} // namespace

py::object attr_y(py::handle o)
{
	return object_or_throw(PyObject_GetAttrString(o.ptr(), "y"));
}

// A by-value object parameter is this function's own: what release()
// takes from it must be released or handed on.
int by_value_release_dropped(py::object obj)
{
	PyObject *p = obj.release().ptr();
	if (PyObject_IsTrue(p) < 0)
		return -1; // expect-warning[MOJO-OWN-105] {{an extra reference to 'obj' (taken by 'the caller's copy') is leaked on the error exit}}
	Py_DECREF(p);
	return 0;
}

// Its reference is released when the call ends: its ptr() is not a new
// reference to return.
PyObject *by_value_ptr_returned(py::object obj)
{
	return obj.ptr(); // expect-error[MOJO-OWN-107] {{borrowed reference 'obj' is returned but callers expect a new reference}}
}

// Any other policy borrows the pointer: the raw reference is still ours.
py::object cast_by_reference(long a)
{
	PyObject *ptr = PyLong_FromLong(a);
	if (!ptr)
		throw py::error_already_set();
	return py::cast(ptr, py::return_value_policy::reference); // expect-warning[MOJO-OWN-101] {{new reference 'ptr' from 'PyLong_FromLong' is never released}}
}

// A raw reference stored in a member that is a plain pointer, by a
// constructor that then throws: no destructor releases it (members of a
// class type would be destroyed; this one is not).
struct RawPart {
	RawPart(PyObject *header);
	PyObject *header;
};

RawPart::RawPart(PyObject *h) : header((Py_INCREF(h), h))
{
	if (!PyDict_Check(h))
		throw std::invalid_argument("header must be a dict"); // expect-warning[MOJO-OWN-105] {{an extra reference to 'h' (taken by 'Py_INCREF'), stored in 'this->header', is leaked when the exception leaves the constructor 'RawPart::RawPart' (the object is never made: its destructor does not run)}}
}

// `object(handle h, bool is_borrowed)` with true takes a reference of its
// own: the new one handed to it is never released.
py::object make_borrowed_str(const char *s)
{
	PyObject *u = PyUnicode_FromString(s);
	return py::object(py::handle(u), true); // expect-warning[MOJO-OWN-101] {{new reference 'u' from 'PyUnicode_FromString' is never released}}
}
