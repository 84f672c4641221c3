// A call of a namespace's function that returns nothing, in a file that
// defines a global function of the same name returning a new reference
// (pymcubes: `mc::marching_cubes(...)` beside the module's own
// `PyObject *marching_cubes(...)`): the call is the library's, whose
// result is void, not a new reference dropped.
// expect-no-diagnostics
#include <Python.h>

#include "namespace-same-name.h"

PyObject *marching_cubes(PyObject *arg, double iso, int k)
{
	(void)arg;
	return PyFloat_FromDouble(iso * k);
}

PyObject *run(PyObject *self, PyObject *arg)
{
	(void)self;
	(void)arg;
	std::vector<double> out;
	mesh::marching_cubes(3, [](int i) { return i * 2.0; }, out);
	return PyLong_FromSize_t(out.size());
}
