/*
 * PyObject_Type of an object the function holds is Py_NewRef(Py_TYPE(o)):
 * it fails only for a NULL argument. A defensive 'if (t == NULL)' after it
 * leads nowhere, so 'value' is not leaked on that branch's exit.
 */
// expect-no-diagnostics
#include <Python.h>

PyObject *convert(double d, PyObject *decoders)
{
	PyObject *value = PyFloat_FromDouble(d);
	if (value) {
		PyObject *value_type = PyObject_Type(value);
		if (value_type == NULL)
			goto invalid;
		PyObject *conv = PyDict_GetItem(decoders, value_type);
		Py_DECREF(value_type);
		if (conv != NULL) {
			PyObject *converted = PyObject_CallOneArg(conv, value);
			Py_DECREF(value);
			return converted;
		}
		return value;
	}
invalid:
	return NULL;
}
