/*
 * An object's type does not change: a second PyUnicode_Check of the same
 * object answers as the first did, so a branch taken only when the first
 * said no and the second says yes is dead code, and its leaks are not
 * reported. (The copy-pasted 'else if' is a real shape.)
 */
// expect-no-diagnostics
#include <Python.h>

int parse(const char *s);

PyObject *set_path(PyObject *self, PyObject *arg)
{
	Py_INCREF(arg);
	if (PyLong_Check(arg)) {
		long l = PyLong_AsLong(arg);
		Py_DECREF(arg);
		return PyBool_FromLong(l == 1);
	} else if (PyUnicode_Check(arg)) {
		const char *s = PyUnicode_AsUTF8(arg);
		Py_DECREF(arg);
		if (!s)
			return NULL;
		return PyBool_FromLong(parse(s));
	} else if (PyUnicode_Check(arg)) {
		PyObject *ascii = PyUnicode_AsUTF8String(arg);
		if (ascii == NULL)
			return NULL;
		Py_DECREF(ascii);
		Py_DECREF(arg);
		Py_RETURN_TRUE;
	}
	Py_DECREF(arg);
	PyErr_SetString(PyExc_TypeError, "int or str");
	return NULL;
}
