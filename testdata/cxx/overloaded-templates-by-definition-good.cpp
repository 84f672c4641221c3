// Function templates of one name (histograms' ten `py(..)`): each call is
// an instantiation of the one clang chose, and takes that template's
// summary (found by where it is defined), not another's of the name:
// `py(type)` only casts its pointer, `py(1.5)` makes a new float.
// expect-no-diagnostics
#include <Python.h>

template <class T> PyObject *py(const T &x)
{
	return PyFloat_FromDouble((double)x);
}

template <class T> PyObject *py(T *x)
{
	return reinterpret_cast<PyObject *>(x);
}

PyObject *add_type(PyObject *m, PyTypeObject *type)
{
	Py_INCREF(type);
	if (PyModule_AddObject(m, "T", py(type)) < 0) {
		Py_DECREF(type);
		return NULL;
	}
	return py(1.5);
}
