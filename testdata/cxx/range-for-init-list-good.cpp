// A range-for over a braced list of pointers (antimony's `for (auto o :
// {x, y, z}) Py_DECREF(o);`): the body runs once per element, in order,
// so each reference is released once.
// expect-no-diagnostics
#include <Python.h>
#include <initializer_list>

PyObject *color(double r, double g, double b)
{
	PyObject *pr = PyFloat_FromDouble(r);
	PyObject *pg = PyFloat_FromDouble(g);
	PyObject *pb = PyFloat_FromDouble(b);
	PyObject *t = NULL;
	if (pr && pg && pb)
		t = PyTuple_Pack(3, pr, pg, pb);
	for (auto o : {pr, pg, pb})
		Py_XDECREF(o);
	return t;
}
