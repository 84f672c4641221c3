// PyObject_GetBuffer's result ignored, the error indicator tested
// instead, then an exit for empty input that forgets the view: that one
// leaks it (bencode-py's bdecode, whose `throw DecodeError(..)` on empty
// input leaves the view taken; err-occurred-after-getbuffer-good.c has
// no such exit).
#include <Python.h>

static PyObject *first_byte(PyObject *self, PyObject *b)
{
	Py_buffer view;
	PyObject_GetBuffer(b, &view, 0);
	if (PyErr_Occurred())
		return NULL;
	if (view.len == 0) {
		PyErr_SetString(PyExc_ValueError, "empty");
		return NULL; // expect-warning[MOJO-OWN-105] {{buffer view 'view' from 'PyObject_GetBuffer' is leaked on the error exit}}
	}
	long first = ((const unsigned char *)view.buf)[0];
	PyBuffer_Release(&view);
	return PyLong_FromLong(first);
}

static PyMethodDef methods[] = {
	{"first_byte", first_byte, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
static struct PyModuleDef module = {
	PyModuleDef_HEAD_INIT, "m", NULL, -1, methods,
};
PyObject *PyInit_m(void)
{
	return PyModule_Create(&module);
}
