// A size of 0 makes CPython hand out its shared empty string or bytes
// object: the call cannot fail, so using its result unchecked is fine.
// Reduced from pyinstrument low_level/stat_profile.c (_get_frame_info).
#include <Python.h>

PyObject *PyUnicode_New(Py_ssize_t size, unsigned int maxchar);

Py_ssize_t empty_lengths(void)
{
	PyObject *u = PyUnicode_New(0, 127);
	PyObject *b = PyBytes_FromStringAndSize(NULL, 0);
	PyObject *s = PyUnicode_FromStringAndSize("", 0);
	Py_ssize_t n = PyObject_Size(u) + PyObject_Size(b) +
		       PyObject_Size(s);
	Py_DECREF(u);
	Py_DECREF(b);
	Py_DECREF(s);
	return n;
}
// expect-no-diagnostics
