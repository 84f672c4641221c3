// Reduced from pygame 2.1.2 src_c/math.c (vector_generic_math): a flag of
// `op` tested before `switch (op)` decides which cases can match; a case
// value without the flag is not taken once the flag is known set.
// expect-no-diagnostics
#include <Python.h>

#define OP_INPLACE 16
#define OP_ADD 1
#define OP_MUL 2

PyObject *generic_math(PyObject *self, int op, double x)
{
	PyObject *ret = NULL;
	if (op & OP_INPLACE) {
		ret = self;
		Py_INCREF(ret);
	} else if (op != OP_MUL) {
		ret = PyFloat_FromDouble(x);
		if (ret == NULL)
			return NULL;
	}
	switch (op) {
	case OP_ADD:
	case OP_ADD | OP_INPLACE:
		break;
	case OP_MUL:
		ret = PyFloat_FromDouble(x * x);
		break;
	default:
		Py_XDECREF(ret);
		Py_RETURN_NOTIMPLEMENTED;
	}
	return ret;
}
