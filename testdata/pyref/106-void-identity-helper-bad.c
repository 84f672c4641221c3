/*
 * As 106-void-identity-helper-good.c, but the helper may hand back
 * another pointer: the Py_INCREF is not known to be on the type object.
 */
#include <Python.h>

static PyTypeObject FooType = {PyVarObject_HEAD_INIT(NULL, 0) "m.Foo"};
extern void *other;

void *forget_about_type(void *x)
{
	if (!x)
		return other;
	return x;
}

#define Py_INCREFx(x) Py_INCREF(forget_about_type(x))

int add_foo(PyObject *m)
{
	if (PyType_Ready(&FooType) < 0)
		return -1;
	Py_INCREFx(&FooType);
	if (PyModule_AddObject(m, "Foo", (PyObject *)&FooType) < 0) // expect-error[MOJO-OWN-106] {{borrowed reference 'FooType' is passed to 'PyModule_AddObject', which steals a reference this function does not own}}
		return -1;
	return 0;
}
