// Thread keys created in a module's exec slot and deleted by its m_free
// (through a helper, and through the key's address).
// expect-no-diagnostics
#include <Python.h>
#include <pthread.h>

typedef struct {
	Py_tss_t cache;
	pthread_key_t scratch;
	PyObject *error;
} modstate;

static void free_scratch(void *p)
{
	PyMem_RawFree(p);
}

static int mod_exec(PyObject *m)
{
	modstate *st = PyModule_GetState(m);
	if (PyThread_tss_create(&st->cache) != 0)
		return -1;
	if (pthread_key_create(&st->scratch, free_scratch) != 0) {
		PyThread_tss_delete(&st->cache);
		return -1;
	}
	st->error = PyErr_NewException("keys.Error", NULL, NULL);
	if (st->error == NULL)
		return -1;
	return 0;
}

static void delete_keys(modstate *st)
{
	if (PyThread_tss_is_created(&st->cache))
		PyThread_tss_delete(&st->cache);
	pthread_key_delete(st->scratch);
}

static void mod_free(void *m)
{
	modstate *st = PyModule_GetState((PyObject *)m);
	Py_CLEAR(st->error);
	delete_keys(st);
}

static PyModuleDef_Slot mod_slots[] = {
	{Py_mod_exec, mod_exec},
	{0, NULL},
};

static struct PyModuleDef mod_def = {
	PyModuleDef_HEAD_INIT,
	.m_name = "keys",
	.m_size = sizeof(modstate),
	.m_slots = mod_slots,
	.m_free = mod_free,
};

PyObject *PyInit_keys(void)
{
	return PyModuleDef_Init(&mod_def);
}
