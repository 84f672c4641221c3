// As 206-call-keywords-good.c, but the dict is a parameter of another
// name, or of a static helper: the caller's own, which the code a call
// runs may change.
#include <Python.h>

PyObject *configure_from(PyObject *self, PyObject *args, PyObject *options)
{
	PyObject *key, *value;
	Py_ssize_t pos = 0;
	while (options && PyDict_Next(options, &pos, &key, &value)) {
		PyObject *r = PyObject_GetAttr(self, key);
		if (r == NULL) {
			PyErr_Format(PyExc_AttributeError, "no attribute '%S'", key); // expect-warning[MOJO-BOR-206] {{borrowed reference 'key' from 'PyDict_Next' is passed to 'PyErr_Format' after 'PyObject_GetAttr' may have run Python code}}
			return NULL;
		}
		Py_DECREF(r);
	}
	Py_RETURN_NONE;
}
