// Filling a tuple the function just made with its length (`PyTuple_New(2)`
// then `PyTuple_SetItem` into each slot) releases no old item: no
// `__del__` runs, and a borrowed value of the caller's dict stays valid
// across the call (pyarrow's TypeInferrer, C++ round 70).
// expect-no-diagnostics
#include <Python.h>

static PyObject *make_pair(PyObject *a, PyObject *b)
{
	PyObject *t = PyTuple_New(2);
	if (!t)
		return NULL;
	Py_INCREF(a);
	PyTuple_SetItem(t, 0, a);
	Py_INCREF(b);
	PyTuple_SetItem(t, 1, b);
	return t;
}

int visit(PyObject *dict, PyObject *out)
{
	PyObject *k, *v;
	Py_ssize_t pos = 0;
	while (PyDict_Next(dict, &pos, &k, &v)) {
		PyObject *pair = make_pair(k, Py_None);
		if (!pair)
			return -1;
		if (PyList_Append(out, v) < 0) {
			Py_DECREF(pair);
			return -1;
		}
		if (PyList_Append(out, pair) < 0) {
			Py_DECREF(pair);
			return -1;
		}
		Py_DECREF(pair);
	}
	return 0;
}
