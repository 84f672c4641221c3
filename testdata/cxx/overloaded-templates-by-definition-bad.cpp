// As overloaded-templates-by-definition-good.cpp, but the new float the
// other template makes is dropped.
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
	py(2.5); // expect-warning[MOJO-OWN-101] {{new reference from 'py' is leaked: its last handle is lost here}}
	return py(1.5);
}
