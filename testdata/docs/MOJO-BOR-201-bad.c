#include <Python.h>

PyObject *first_byte(PyObject *self, PyObject *arg)
{
	(void)self;
	PyObject *b = PyObject_Bytes(arg);
	if (b == NULL)
		return NULL;
	const char *s = PyBytes_AsString(b);
	if (s == NULL) {
		Py_DECREF(b);
		return NULL;
	}
	Py_DECREF(b);
	return PyLong_FromLong(s[0]); // expect-error[MOJO-BOR-201] {{s}}
}
