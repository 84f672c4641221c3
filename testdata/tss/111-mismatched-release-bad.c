// MOJO-OWN-111 for the tss kind: a key released by the other API's
// function. CPython's keys are not pthread keys (PyThread_create_key
// returns its own int), and PyThread_tss_alloc storage is released with
// PyThread_tss_free, not free().
#include <Python.h>
#include <pthread.h>
#include <stdlib.h>

void old_key_pthread_delete(void)
{
	int key = PyThread_create_key();
	if (key == -1)
		return;
	pthread_key_delete((pthread_key_t)key); // expect-error[MOJO-OWN-111] {{thread-specific key 'key' from 'PyThread_create_key' is released with 'pthread_key_delete'; use 'PyThread_delete_key'}}
}

void pthread_key_old_delete(void)
{
	pthread_key_t key;
	if (pthread_key_create(&key, NULL))
		return;
	PyThread_delete_key((int)key); // expect-error[MOJO-OWN-111] {{use 'pthread_key_delete'}}
}

// A static key created with PyThread_tss_create and "freed".
static Py_tss_t state_key = Py_tss_NEEDS_INIT;
int init_state(void)
{
	if (PyThread_tss_create(&state_key) != 0)
		return -1;
	if (PyThread_tss_set(&state_key, NULL) != 0) {
		PyThread_tss_free(&state_key); // expect-error[MOJO-OWN-111] {{use 'PyThread_tss_delete'}} xfail(#4): a key created in static storage belongs to the module and is no longer tracked, so releasing its storage with PyThread_tss_free is not seen
		return -1;
	}
	return 0;
}

// PyThread_tss_delete deletes the key a Py_tss_t holds, not the storage
// PyThread_tss_alloc returned: that storage is never freed.
void tss_alloc_delete(void)
{
	Py_tss_t *key = PyThread_tss_alloc();
	if (key == NULL)
		return;
	PyThread_tss_delete(key);
} // expect-warning[MOJO-OWN-101] {{'key' from 'PyThread_tss_alloc' is never released}}

// A pthread key deleted with CPython's old key API.
void pthread_key_py_delete(void)
{
	pthread_key_t k;
	if (pthread_key_create(&k, NULL) != 0)
		return;
	PyThread_delete_key((int)k); // expect-error[MOJO-OWN-111] {{use 'pthread_key_delete'}}
}

// The same mistake on the error path of a goto cleanup.
int pthread_key_cleanup(void *value)
{
	pthread_key_t k;
	int rc = -1;
	if (pthread_key_create(&k, NULL) != 0)
		return -1;
	if (pthread_setspecific(k, value) != 0)
		goto fail;
	rc = 0;
	pthread_key_delete(k);
	return rc;
fail:
	PyThread_delete_key((int)k); // expect-error[MOJO-OWN-111] {{use 'pthread_key_delete'}}
	return rc;
}
