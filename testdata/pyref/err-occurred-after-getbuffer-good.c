// PyObject_GetBuffer's result ignored, the error indicator tested
// instead: an error is set only where the call failed and took no view,
// so the exit on that test leaks nothing (bencode-py's bdecode, blind
// C++ round 115).
// expect-no-diagnostics
#include <Python.h>

static PyObject *length_of(PyObject *self, PyObject *b)
{
	Py_buffer view;
	PyObject_GetBuffer(b, &view, 0);
	if (PyErr_Occurred())
		return NULL;
	Py_ssize_t n = view.len;
	PyBuffer_Release(&view);
	return PyLong_FromSsize_t(n);
}

static PyMethodDef methods[] = {
	{"length_of", length_of, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
static struct PyModuleDef module = {
	PyModuleDef_HEAD_INIT, "m", NULL, -1, methods,
};
PyObject *PyInit_m(void)
{
	return PyModule_Create(&module);
}
