// A type kept in a module state's field holds the reference
// PyType_FromModuleAndSpec gave; Py_XINCREF adds the one
// PyModule_AddObject takes. On a later failure the field's own reference
// is released through it, Py_CLEAR(state->T) (uncrustygame, C round 112;
// as a global's, 102-global-own-reference-good.c): no reference stolen is
// released.
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyTypeObject *FooType;
	PyTypeObject *BarType;
} mod_state;

static PyType_Spec FooSpec, BarSpec;

static int mod_exec(PyObject *m)
{
	mod_state *state = (mod_state *)PyModule_GetState(m);
	state->FooType = (PyTypeObject *)PyType_FromModuleAndSpec(m, &FooSpec, NULL);
	Py_XINCREF(state->FooType);
	if (state->FooType == NULL ||
	    PyModule_AddObject(m, "Foo", (PyObject *)state->FooType) < 0)
		goto error;
	state->BarType = (PyTypeObject *)PyType_FromModuleAndSpec(m, &BarSpec, NULL);
	Py_XINCREF(state->BarType);
	if (state->BarType == NULL ||
	    PyModule_AddObject(m, "Bar", (PyObject *)state->BarType) < 0)
		goto error;
	return 0;
error:
	Py_CLEAR(state->FooType);
	Py_CLEAR(state->BarType);
	return -1;
}
