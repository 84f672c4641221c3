// MOJO-OWN-101 and 105 for the tss kind: thread-specific keys that are
// never deleted. A process has PTHREAD_KEYS_MAX (1024 on glibc) keys; an
// extension that leaks one per call exhausts them.
#include <Python.h>
#include <pthread.h>
#include <stdlib.h>

// Error exit after a successful pthread_key_create.
int init_cache(void (*dtor)(void *))
{
	pthread_key_t key;
	if (pthread_key_create(&key, dtor) != 0)
		return -1;
	void *slot = calloc(1, 64);
	if (slot == NULL)
		return -1; // expect-warning[MOJO-OWN-105] {{thread-specific key 'key' from 'pthread_key_create' is leaked on the error exit}}
	if (pthread_setspecific(key, slot) != 0) {
		free(slot);
		pthread_key_delete(key);
		return -1;
	}
	pthread_setspecific(key, NULL);
	free(slot);
	pthread_key_delete(key);
	return 0;
}

// A normal exit that forgets the key.
int probe_keys(void)
{
	pthread_key_t key;
	if (pthread_key_create(&key, NULL))
		return 0;
	return 1; // expect-warning[MOJO-OWN-101] {{'key'}}
}

// CPython's TSS API: a heap-allocated key leaked on an error path.
int with_tss(void *value)
{
	Py_tss_t *key = PyThread_tss_alloc();
	if (key == NULL)
		return -1;
	if (PyThread_tss_create(key) != 0)
		return -1; // expect-warning[MOJO-OWN-105] {{'key' from 'PyThread_tss_alloc'}}
	int rc = PyThread_tss_set(key, value);
	PyThread_tss_free(key);
	return rc;
}

// The deprecated key API through a goto cleanup label.
int old_api(void *value)
{
	int key = PyThread_create_key();
	if (key == -1)
		goto error;
	if (PyThread_set_key_value(key, value) != 0)
		goto error;
	PyThread_delete_key(key);
	return 0;
error:
	return -1; // expect-warning[MOJO-OWN-105] {{'key' from 'PyThread_create_key'}}
}

// The key from PyThread_tss_alloc is dropped on a normal exit.
void *scratch_get(void)
{
	Py_tss_t *key = PyThread_tss_alloc();
	if (key == NULL)
		return NULL;
	return PyThread_tss_get(key); // expect-warning[MOJO-OWN-101] {{'key'}}
}

// A per-call key created and used, never deleted: one key lost per call.
int remember(void *value)
{
	pthread_key_t key;
	if (pthread_key_create(&key, NULL) != 0)
		return -1;
	return pthread_setspecific(key, value); // expect-warning[MOJO-OWN-101] {{'key'}}
}

// A TSS key from PyThread_tss_alloc, created and left on an error path.
int tss_error_path(void *value)
{
	Py_tss_t key = Py_tss_NEEDS_INIT;
	if (PyThread_tss_create(&key) != 0)
		return -1;
	if (PyThread_tss_set(&key, value) != 0)
		return -1; // expect-warning[MOJO-OWN-105] {{'key' from 'PyThread_tss_create'}}
	PyThread_tss_delete(&key);
	return 0;
}

// A normal exit after the key is used; the delete is on one branch only.
int maybe_delete(void *value, int keep)
{
	Py_tss_t key = Py_tss_NEEDS_INIT;
	if (PyThread_tss_create(&key) != 0)
		return -1;
	PyThread_tss_set(&key, value);
	if (!keep)
		PyThread_tss_delete(&key);
	return 0; // expect-warning[MOJO-OWN-101] {{'key' from 'PyThread_tss_create'}}
}
