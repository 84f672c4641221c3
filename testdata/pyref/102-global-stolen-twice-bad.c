// A local's new reference stolen twice is a use after move: only a
// global's value may have a reference of its own to give.
#include <Python.h>

static PyType_Slot seg_slots[] = { { 0, NULL } };
static PyType_Spec seg_spec = { "m.Segment", sizeof(PyObject), 0,
				Py_TPFLAGS_DEFAULT, seg_slots };

int add_twice(PyObject *a, PyObject *b)
{
	PyObject *t = PyType_FromSpec(&seg_spec);
	if (!t)
		return -1;
	if (PyModule_AddObject(a, "Segment", t) < 0) {
		Py_DECREF(t);
		return -1;
	}
	if (PyModule_AddObject(b, "Segment", t) < 0) // expect-error[MOJO-OWN-102] {{new reference 't' from 'PyType_FromSpec' is stolen again by 'PyModule_AddObject' after its reference was already stolen}}
		return -1;
	return 0;
}
