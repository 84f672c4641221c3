/* As inline-incref-helper-good.c, but a method drops the reference the
 * helper took for it. */
#include <Python.h>

inline void hold(PyObject *o) { Py_INCREF(o); }

static PyObject *first_value(PyObject *self, PyObject *arg)
{
	hold(arg);
	return PyNumber_Long(arg); // expect-warning[MOJO-OWN-101] {{an extra reference to 'arg' (taken by 'hold') is never released}}
}

static PyMethodDef methods[] = {
	{"first_value", first_value, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
