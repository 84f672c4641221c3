// expect-no-diagnostics
// Py_BuildValue fails when an "O" (or "S") argument is NULL: once its
// result is known not to be NULL, neither argument is (rtaudio's callback:
// two memoryviews packed into the argument tuple, released after the call).
#include <Python.h>

int invoke(PyObject *cb, char *in, char *out, Py_ssize_t n)
{
	PyObject *iBuf = PyMemoryView_FromMemory(in, n, PyBUF_READ);
	PyObject *oBuf = PyMemoryView_FromMemory(out, n, PyBUF_WRITE);
	PyObject *args = Py_BuildValue("(O,O)", oBuf, iBuf);
	if (args == NULL) {
		Py_XDECREF(oBuf);
		Py_XDECREF(iBuf);
		return -1;
	}
	PyObject *res = PyObject_Call(cb, args, NULL);
	Py_DECREF(args);
	Py_DECREF(oBuf);
	Py_DECREF(iBuf);
	if (!res)
		return -1;
	Py_DECREF(res);
	return 0;
}
