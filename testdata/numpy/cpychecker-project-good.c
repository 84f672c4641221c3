/*
 * A project that writes cpychecker's attributes under its guards and
 * includes NumPy's headers, which test one of those guards to another
 * end: the parse with the guards breaks NumPy's header, so the file is
 * analyzed as parsed without them (frontend/cpychecker.c). No partial
 * notice.
 */
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <Python.h>
#include <numpy/arrayobject.h>

#if defined(WITH_CPYCHECKER_RETURNS_BORROWED_REF_ATTRIBUTE)
#define BORROWED __attribute__((cpychecker_returns_borrowed_ref))
#else
#define BORROWED
#endif

static PyObject *first_item(PyObject *list) BORROWED;

static PyObject *first_item(PyObject *list)
{
	return PyList_GetItem(list, 0);
}

static PyObject *peek(PyObject *self, PyObject *list)
{
	(void)self;
	PyObject *item = first_item(list);
	if (item == NULL)
		return NULL;
	Py_INCREF(item);
	return item;
}

static PyMethodDef methods[] = {
	{"peek", peek, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
	PyModuleDef_HEAD_INIT, "npcpy", NULL, -1, methods,
	NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_npcpy(void)
{
	import_array();
	return PyModule_Create(&module);
}
