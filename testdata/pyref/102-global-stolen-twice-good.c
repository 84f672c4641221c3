// A type made by PyType_FromSpec is kept in a global: the global holds
// the new reference, the Py_INCREF a second one, and each
// PyModule_AddObject steals one of the two (the global keeps a pointer
// the modules keep alive). Read again after a call, the global's value
// is of unknown origin: the same holds.
#include <Python.h>

static PyType_Slot seg_slots[] = { { 0, NULL } };
static PyType_Spec seg_spec = { "m.Segment", sizeof(PyObject), 0,
				Py_TPFLAGS_DEFAULT, seg_slots };
static PyModuleDef mod1 = { PyModuleDef_HEAD_INIT, "m1", NULL, -1, NULL };
static PyModuleDef mod2 = { PyModuleDef_HEAD_INIT, "m2", NULL, -1, NULL };

static PyTypeObject *segment_type;

PyObject *make_modules(PyObject *modules)
{
	segment_type = (PyTypeObject *)PyType_FromSpec(&seg_spec);
	if (!segment_type)
		return NULL;
	if (PyType_Ready(segment_type) < 0) // (the global is read again)
		return NULL;
	Py_INCREF(segment_type);
	PyObject *a = PyModule_Create(&mod1);
	if (!a)
		return NULL;
	if (PyModule_AddObject(a, "Segment", (PyObject *)segment_type) < 0) {
		Py_DECREF(a);
		return NULL;
	}
	if (PyDict_SetItemString(modules, "m1", a) < 0) {
		Py_DECREF(a);
		return NULL;
	}
	Py_DECREF(a);
	PyObject *b = PyModule_Create(&mod2);
	if (!b)
		return NULL;
	if (PyModule_AddObject(b, "Segment", (PyObject *)segment_type) < 0) {
		Py_DECREF(b);
		return NULL;
	}
	return b;
}
// expect-no-diagnostics
