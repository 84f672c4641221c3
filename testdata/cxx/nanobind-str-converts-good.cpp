// nanobind's `nb::str(h)` converts: its constructor gives its base what
// PyObject_Str makes of the argument (and throws when that fails), so the
// str is a new object, never NULL, not the argument itself: reading it
// says nothing of the argument, which may be NULL (bencode-py's
// encodeInt_slow, blind C++ round 115).
// expect-no-diagnostics
#include <nanobind/nanobind.h>
namespace nb = nanobind;

struct AutoFree {
	PyObject *p;
	explicit AutoFree(PyObject *o) : p(o) {}
	~AutoFree() { Py_XDECREF(p); }
};

Py_ssize_t digits(nb::handle obj)
{
	PyObject *i = PyNumber_Long(obj.ptr());
	AutoFree held(i);
	nb::str s(i);
	return Py_SIZE(s.ptr());
}
