// In C++: thread keys created in a module's exec slot and deleted by its m_free
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
	auto *st = static_cast<modstate *>(PyModule_GetState(m));
	if (PyThread_tss_create(&st->cache) != 0)
		return -1;
	if (pthread_key_create(&st->scratch, free_scratch) != 0) {
		PyThread_tss_delete(&st->cache);
		return -1;
	}
	st->error = PyErr_NewException("keys.Error", nullptr, nullptr);
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
	auto *st = static_cast<modstate *>(PyModule_GetState(static_cast<PyObject *>(m)));
	Py_CLEAR(st->error);
	delete_keys(st);
}

static PyModuleDef_Slot mod_slots[] = {
	{Py_mod_exec, reinterpret_cast<void *>(mod_exec)},
	{0, nullptr},
};

static struct PyModuleDef mod_def = {
	PyModuleDef_HEAD_INIT, "keys", nullptr, sizeof(modstate), nullptr,
	mod_slots, nullptr, nullptr, mod_free,
};

extern "C" PyObject *PyInit_keys(void)
{
	return PyModuleDef_Init(&mod_def);
}
