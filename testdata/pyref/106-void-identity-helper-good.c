/*
 * A `void *` handed back as it came (agama's `void *forget_about_type(
 * void *x) { return x; }`, under its `#define Py_INCREFx(x)
 * Py_INCREF(forget_about_type(x))`): the result is the argument, so the
 * Py_INCREF is on the type object and PyModule_AddObject steals that
 * reference.
 */
// expect-no-diagnostics
#include <Python.h>

static PyTypeObject FooType = {PyVarObject_HEAD_INIT(NULL, 0) "m.Foo"};

void *forget_about_type(void *x)
{
	return x;
}

#define Py_INCREFx(x) Py_INCREF(forget_about_type(x))

int add_foo(PyObject *m)
{
	if (PyType_Ready(&FooType) < 0)
		return -1;
	Py_INCREFx(&FooType);
	if (PyModule_AddObject(m, "Foo", (PyObject *)&FooType) < 0) {
		Py_DECREF(&FooType);
		return -1;
	}
	return 0;
}
