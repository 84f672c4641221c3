// nanobind's `nb::str(h)` converts its argument into a new str: the
// argument itself, unchecked, is still what it was, and Py_DECREF of it
// crashes on NULL (nanobind-str-converts-good.cpp releases it with
// Py_XDECREF).
#include <nanobind/nanobind.h>
namespace nb = nanobind;

Py_ssize_t digits(nb::handle obj)
{
	PyObject *i = PyNumber_Long(obj.ptr());
	nb::str s(i);
	Py_ssize_t n = Py_SIZE(s.ptr());
	Py_DECREF(i); // expect-warning[MOJO-OWN-109] {{new reference 'i' from 'PyNumber_Long' is passed to 'Py_DECREF' before it is checked for NULL}}
	return n;
}
