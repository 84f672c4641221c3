// Reduced from the C wrappers pyccel generates (pyccel/pyccel PR #2456,
// "Fix missing call to Py_INCREF"): a bool result built from Py_True or
// Py_False is handed to a stealing call without the reference it steals;
// the interpreter's count of True/False drops with every call.
#include <Python.h>

PyObject *wrap_flags(int a, int b)
{
	PyObject *result = PyTuple_New(2);
	if (result == NULL)
		return NULL;
	PyTuple_SetItem(result, 0, a ? Py_True : Py_False); // expect-error[MOJO-OWN-106] {{which steals a reference this function does not own}}
	PyTuple_SetItem(result, 1, PyBool_FromLong(b));
	return result;
}
