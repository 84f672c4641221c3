// An owner made by a delegating constructor is a new object: its handle,
// taken out of it with release() and never given back, leaks
// (delegating-ctor-new-object-good.cpp keeps it in the owner).
#include <nanobind/nanobind.h>
namespace nb = nanobind;

PyObject *make(Py_ssize_t n)
{
	nb::array a(nb::str("f8"), n);
	PyObject *p = a.release().ptr();
	if (Py_SIZE(p) == 0)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'a' from 'nanobind::array' is leaked on the error exit}}
	return p;
}
