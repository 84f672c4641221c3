/* As 105-passthrough-unless-error-good.c, but the helper is called with
 * an error set before the call that made its argument: it returns NULL
 * for a result that is not, which then leaks. */
#include <Python.h>

static PyObject *check_error(PyObject *obj)
{
	if (PyErr_Occurred()) {
		PyErr_Clear();
		return NULL;
	}
	return obj;
}

PyObject *product(PyObject *a, PyObject *b, int strict)
{
	if (strict)
		PyErr_SetString(PyExc_ValueError, "strict mode");
	return check_error(PyNumber_Multiply(a, b)); // expect-warning[MOJO-OWN-105] {{new reference from 'PyNumber_Multiply' is leaked when 'check_error' fails}}
}
