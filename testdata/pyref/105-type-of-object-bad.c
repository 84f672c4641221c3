/*
 * The same shape with a call that can fail (PyObject_Str runs the object's
 * __str__): its NULL branch is a real error exit, and 'value' leaks there.
 */
#include <Python.h>

PyObject *convert(double d, PyObject *decoders)
{
	PyObject *value = PyFloat_FromDouble(d);
	if (value) {
		PyObject *text = PyObject_Str(value);
		if (text == NULL)
			goto invalid;
		PyObject *conv = PyDict_GetItem(decoders, text);
		Py_DECREF(text);
		if (conv != NULL) {
			PyObject *converted = PyObject_CallOneArg(conv, value);
			Py_DECREF(value);
			return converted;
		}
		return value;
	}
invalid:
	return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'value' from 'PyFloat_FromDouble' is leaked on the error exit}}
}
