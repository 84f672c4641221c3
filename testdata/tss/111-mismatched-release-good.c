// MOJO-OWN-111 for the tss kind, correct code: each key ends with its own
// API's function.
// expect-no-diagnostics
#include <Python.h>
#include <pthread.h>

void old_key(void)
{
	int key = PyThread_create_key();
	if (key == -1)
		return;
	PyThread_delete_key(key);
}

void posix_key(void)
{
	pthread_key_t key;
	if (pthread_key_create(&key, NULL))
		return;
	pthread_key_delete(key);
}

static Py_tss_t state_key = Py_tss_NEEDS_INIT;
int init_state(void)
{
	if (PyThread_tss_create(&state_key) != 0)
		return -1;
	if (PyThread_tss_set(&state_key, NULL) != 0) {
		PyThread_tss_delete(&state_key);
		return -1;
	}
	return 0;
}

void tss_alloc_free(void)
{
	Py_tss_t *key = PyThread_tss_alloc();
	if (key == NULL)
		return;
	PyThread_tss_free(key);
}

// Create/delete on heap storage from PyThread_tss_alloc, then free it:
// the documented sequence (Doc/c-api/init.rst, "Thread Specific Storage").
int alloc_create_delete_free(void *v)
{
	Py_tss_t *key = PyThread_tss_alloc();
	if (key == NULL)
		return -1;
	if (PyThread_tss_create(key) != 0) {
		PyThread_tss_free(key);
		return -1;
	}
	int rc = PyThread_tss_set(key, v);
	PyThread_tss_delete(key);
	PyThread_tss_free(key);
	return rc;
}
