// A method named as the solver it calls (an overload): the solver's own
// file says it returns 0, so the `status != 0` exit is never taken and
// the references it would leak are not leaked. The method's other exit,
// on a failed conversion, leaks one.
#include <Python.h>

int find_max(double p, double *x, int n);

static PyObject *find_max(PyObject *self, PyObject *args)
{
	PyObject *seq;
	double p;
	if (!PyArg_ParseTuple(args, "dO", &p, &seq))
		return NULL;
	PyObject *fast = PySequence_Fast(seq, "a sequence");
	if (!fast)
		return NULL;
	double x[4] = {0, 0, 0, 0};
	int status = find_max(p, x, 4);
	if (status != 0) {
		PyErr_SetString(PyExc_RuntimeError, "the solver failed");
		return NULL;
	}
	PyObject *r = PyFloat_FromDouble(x[0]);
	if (!r)
		return NULL;
	Py_DECREF(fast);
	return r;
}

static PyMethodDef methods[] = {
	{"find_max", find_max, METH_VARARGS, NULL},
	{NULL, NULL, 0, NULL},
};
