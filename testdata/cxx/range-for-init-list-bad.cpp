// As range-for-init-list-good.cpp, but the list leaves one reference out.
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
	for (auto o : {pr, pg})
		Py_XDECREF(o);
	return t; // expect-warning[MOJO-OWN-101] {{new reference 'pb' from 'PyFloat_FromDouble' is never released}}
}
