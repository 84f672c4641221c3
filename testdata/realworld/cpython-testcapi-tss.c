// Reduced from CPython 3.11.2 Modules/_testcapimodule.c
// test_pythread_tss_key_state: PyThread_tss_is_created() after a
// successful create is true, after a delete false (queries_arg in
// rules/pthread.json); the error branches between are infeasible.
// expect-no-diagnostics
#include <Python.h>

PyObject *tss_key_state(PyObject *self, PyObject *args)
{
	(void)self;
	(void)args;
	Py_tss_t tss_key = Py_tss_NEEDS_INIT;
	if (PyThread_tss_create(&tss_key) != 0)
		return NULL;
	if (!PyThread_tss_is_created(&tss_key))
		return NULL; // never taken: the key is created
	PyThread_tss_delete(&tss_key);
	if (PyThread_tss_is_created(&tss_key))
		return NULL; // never taken: the key was deleted
	Py_RETURN_NONE;
}
