// A function that stores its parameter in a dict and releases it takes it
// over, whatever its linkage; its callers hand it new references, and what
// they stored lives on in the dict. Reduced from ParmEd src/_rdparm.cpp
// (SetItem_PyDict_AndDecref) and pillow_heif _pillow_heif.c
// (__PyDict_SetItemString).
#include <Python.h>

void set_item_and_decref(PyObject *dict, const char *key, PyObject *value)
{
	PyDict_SetItemString(dict, key, value);
	Py_DECREF(value);
}

PyObject *info(PyObject *self, PyObject *unused)
{
	(void)self;
	(void)unused;
	PyObject *d = PyDict_New();
	if (!d)
		return NULL;
	PyObject *sub = PyDict_New();
	if (!sub) {
		Py_DECREF(d);
		return NULL;
	}
	set_item_and_decref(d, "sub", sub);
	set_item_and_decref(sub, "x", PyLong_FromLong(1));
	return d;
}
// expect-no-diagnostics
