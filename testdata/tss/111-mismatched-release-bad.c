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
		PyThread_tss_free(&state_key); // expect-error[MOJO-OWN-111] {{use 'PyThread_tss_delete'}}
		return -1;
	}
	return 0; // expect-warning[MOJO-OWN-101] {{'state_key'}} fp(#4): a key created in a static Py_tss_t belongs to the module (MOJO-OWN-110's business), not a leak
}

void tss_alloc_delete(void)
{
	Py_tss_t *key = PyThread_tss_alloc();
	if (key == NULL)
		return;
	PyThread_tss_delete(key); // expect-error[MOJO-OWN-111] {{use 'PyThread_tss_free'}}
}

void tss_alloc_libc_free(void)
{
	Py_tss_t *key = PyThread_tss_alloc();
	if (key == NULL)
		return;
	free(key); // expect-error[MOJO-OWN-111] {{use 'PyThread_tss_free'}} xfail(#4): a release by another kind's function (heap 'free') is an unknown call for the tss kind
} // expect-warning[MOJO-OWN-101] {{'key'}}
