// An object that may be NULL, given to a function nothing is known of
// (defined in another file) whose pointer result the caller tests: where
// that function succeeded, it could use the object, so a release on that
// path is no release of NULL. Reduced from simuPOP's operator.cpp
// (`op = pyOpPointer(item); if (!op) throw ..; .. Py_DECREF(item);`).
#include <Python.h>

extern void *to_op_pointer(PyObject *obj);

int collect(PyObject *seq, void **out, Py_ssize_t n)
{
	for (Py_ssize_t i = 0; i < n; i++) {
		PyObject *item = PySequence_GetItem(seq, i);
		void *op = to_op_pointer(item);
		if (!op) {
			Py_XDECREF(item);
			return -1;
		}
		out[i] = op;
		Py_DECREF(item);
	}
	return 0;
}
// expect-no-diagnostics
