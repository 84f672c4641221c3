/*
 * NumPy's headers parse as clang parses them (issue #27): the tool
 * predefines no macro they test. The module's init calls import_array()
 * (which hides a `return NULL`); both functions are analyzed, no partial
 * notice.
 */
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <Python.h>
#include <numpy/arrayobject.h>

static PyObject *length(PyObject *self, PyObject *arg)
{
	(void)self;
	if (!PyArray_Check(arg)) {
		PyErr_SetString(PyExc_TypeError, "an array, please");
		return NULL;
	}
	return PyLong_FromSsize_t(PyArray_SIZE((PyArrayObject *)arg));
}

static PyMethodDef methods[] = {
	{"length", length, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
	PyModuleDef_HEAD_INIT, "npgood", NULL, -1, methods,
	NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_npgood(void)
{
	import_array();
	return PyModule_Create(&module);
}
