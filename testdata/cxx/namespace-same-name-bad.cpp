// The module's own function of the name that a namespace's function
// also has: a call of it still returns its new reference, and dropping
// it is a leak (namespace-same-name-good.cpp calls the other one).
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
	std::vector<double> out;
	mesh::marching_cubes(3, [](int i) { return i * 2.0; }, out);
	marching_cubes(arg, 0.5, 2); // expect-warning[MOJO-OWN-101] {{new reference from 'marching_cubes' is leaked: its last handle is lost here}}
	return PyLong_FromSize_t(out.size());
}
