/* A new reference a test found to be a static object (`pw == Py_None`
 * on the path where `pw && pw != Py_None` is false) is a reference to an
 * object CPython never frees: its leak is a note, as a cached small
 * int's is (unrardll's password callback). A result of any other value
 * leaked on that exit is still a warning. */
#include <Python.h>

int ask_password(PyObject *cb, wchar_t *buf, Py_ssize_t n)
{
	int ret = -1;
	PyObject *pw = PyObject_CallMethod(cb, "get_password", NULL);
	if (pw && pw != Py_None) {
		if (PyUnicode_AsWideChar(pw, buf, n) > 0)
			ret = 0;
		Py_DECREF(pw);
	}
	PyErr_Clear();
	return ret; // expect-note[MOJO-OWN-105] {{new reference 'pw' from 'PyObject_CallMethod' is leaked on the error exit; it is Py_None, which CPython never frees: the leak only skews its reference count}}
}

int ask_name(PyObject *cb, wchar_t *buf, Py_ssize_t n)
{
	int ret = -1;
	PyObject *name = PyObject_CallMethod(cb, "get_name", NULL);
	if (name && PyUnicode_Check(name)) {
		if (PyUnicode_AsWideChar(name, buf, n) > 0)
			ret = 0;
		Py_DECREF(name);
	}
	PyErr_Clear();
	return ret; // expect-warning[MOJO-OWN-105] {{new reference 'name' from 'PyObject_CallMethod' is leaked on the error exit}}
}
