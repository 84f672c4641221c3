// MOJO-OWN-110 for thread keys in C++ (issue 12): keys created in a module's exec
// slot, in its state, and never deleted by m_free. Each interpreter (and
// each re-import after a module unload) creates new keys; the process runs
// out of keys (PTHREAD_KEYS_MAX is 1024 on glibc).
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

static void mod_free(void *m) // expect-warning[MOJO-OWN-110] {{field 'cache' of 'modstate' owns a tss from 'PyThread_tss_create' but the teardown of module}}
{
	auto *st = static_cast<modstate *>(PyModule_GetState(static_cast<PyObject *>(m))); // expect-note@-2 {{also: field 'scratch' of 'modstate' owns a tss from 'pthread_key_create'}}
	Py_CLEAR(st->error);
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
