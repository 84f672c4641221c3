// MOJO-OWN-101 and 105 for the tss kind, correct code: keys are deleted on
// every path, or stored where a teardown deletes them.
// expect-no-diagnostics
#include <Python.h>
#include <pthread.h>
#include <stdlib.h>

int init_cache(void (*dtor)(void *))
{
	pthread_key_t key;
	int rc = -1;
	void *slot = NULL;
	if (pthread_key_create(&key, dtor) != 0)
		return -1;
	slot = calloc(1, 64);
	if (slot == NULL)
		goto out;
	if (pthread_setspecific(key, slot) != 0)
		goto out;
	pthread_setspecific(key, NULL);
	rc = 0;
out:
	free(slot);
	pthread_key_delete(key);
	return rc;
}

// Module state keeps the key; module teardown deletes it.
static pthread_key_t cache_key;
int module_init(void)
{
	pthread_key_t key;
	if (pthread_key_create(&key, free) != 0)
		return -1;
	cache_key = key;
	return 0;
}
void module_free(void)
{
	pthread_key_delete(cache_key);
}

int with_tss(void *value)
{
	Py_tss_t *key = PyThread_tss_alloc();
	if (key == NULL)
		return -1;
	if (PyThread_tss_create(key) != 0) {
		PyThread_tss_free(key);
		return -1;
	}
	int rc = PyThread_tss_set(key, value);
	PyThread_tss_free(key); // also deletes the key
	return rc;
}

int old_api(void *value)
{
	int key = PyThread_create_key();
	if (key == -1)
		return -1;
	int rc = PyThread_set_key_value(key, value);
	PyThread_delete_key(key);
	return rc ? -1 : 0;
}

// A static Py_tss_t, created once at module init (CPython's own idiom).
static Py_tss_t tss_key = Py_tss_NEEDS_INIT;
int tss_init(void)
{
	if (PyThread_tss_create(&tss_key) != 0)
		return -1;
	return 0;
}
