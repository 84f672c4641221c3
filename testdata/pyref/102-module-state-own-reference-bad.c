// As 102-module-state-own-reference-good.c, but the failure path releases
// the field's reference through the field and leaves it there: the
// module's clear will release it again (CPython 3.11's arraymodule, whose
// later releases drop these Py_DECREFs).
#include <Python.h>

typedef struct {
	PyTypeObject *FooType;
} mod_state;

static PyType_Spec FooSpec;

static int mod_exec(PyObject *m)
{
	mod_state *state = (mod_state *)PyModule_GetState(m);
	state->FooType = (PyTypeObject *)PyType_FromModuleAndSpec(m, &FooSpec, NULL);
	if (state->FooType == NULL)
		return -1;
	Py_INCREF(state->FooType);
	if (PyModule_AddObject(m, "Foo", (PyObject *)state->FooType) < 0) {
		Py_DECREF(state->FooType);
		return -1;
	}
	PyObject *abc = PyImport_ImportModule("collections.abc");
	if (!abc) {
		Py_DECREF(state->FooType); // expect-error[MOJO-OWN-102] {{an extra reference taken by 'Py_INCREF' is released by 'Py_DECREF' after its reference was stolen}}
		return -1;
	}
	Py_DECREF(abc);
	return 0;
}
