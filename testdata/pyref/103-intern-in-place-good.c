// `Py_INCREF(k); PyUnicode_InternInPlace(&k); Py_DECREF(k);` swaps a
// borrowed key for its interned twin: afterwards `k` is the key itself
// (still held by the dict) or a twin others hold, alive either way.
// Reduced from ExtensionClass src/ExtensionClass/pickle/pickle.c
// (pickle___setstate__).
#include <Python.h>

void PyUnicode_InternInPlace(PyObject **p);

int copy_interned(PyObject *dst, PyObject *state)
{
	PyObject *k, *v;
	Py_ssize_t i = 0;
	while (PyDict_Next(state, &i, &k, &v)) {
		if (PyUnicode_CheckExact(k)) {
			Py_INCREF(k);
			PyUnicode_InternInPlace(&k);
			Py_DECREF(k);
		}
		if (PyObject_SetItem(dst, k, v) < 0)
			return -1;
	}
	return 0;
}
// expect-no-diagnostics
