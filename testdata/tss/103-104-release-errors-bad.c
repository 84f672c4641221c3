// MOJO-OWN-103 and 104 for the tss kind: a key used or deleted after it
// was deleted. POSIX leaves both undefined; the key number may already
// belong to another library.
#include <Python.h>
#include <pthread.h>

int set_after_delete(void *v)
{
	pthread_key_t key;
	if (pthread_key_create(&key, NULL))
		return -1;
	pthread_key_delete(key);
	return pthread_setspecific(key, v); // expect-error[MOJO-OWN-103] {{thread-specific key 'key' from 'pthread_key_create' is passed to 'pthread_setspecific' after it was released}}
}

void *get_after_delete(void)
{
	pthread_key_t key;
	if (pthread_key_create(&key, NULL))
		return NULL;
	pthread_key_delete(key);
	return pthread_getspecific(key); // expect-error[MOJO-OWN-103] {{'key'}}
}

void *old_get_after_delete(void)
{
	int key = PyThread_create_key();
	if (key == -1)
		return NULL;
	PyThread_delete_key(key);
	return PyThread_get_key_value(key); // expect-error[MOJO-OWN-103] {{'key'}}
}

int tss_set_after_free(void *v)
{
	Py_tss_t *key = PyThread_tss_alloc();
	if (key == NULL)
		return -1;
	PyThread_tss_free(key);
	return PyThread_tss_set(key, v); // expect-error[MOJO-OWN-103] {{'key'}}
}

void delete_twice(void)
{
	pthread_key_t key;
	if (pthread_key_create(&key, NULL))
		return;
	pthread_key_delete(key);
	pthread_key_delete(key); // expect-error[MOJO-OWN-104] {{thread-specific key 'key' from 'pthread_key_create' is released twice}}
}

// The error path deletes, and so does the cleanup label.
int setup(void *v)
{
	pthread_key_t key;
	if (pthread_key_create(&key, NULL))
		return -1;
	if (pthread_setspecific(key, v) != 0) {
		pthread_key_delete(key);
		goto fail;
	}
	pthread_key_delete(key);
	return 0;
fail:
	pthread_key_delete(key); // expect-error[MOJO-OWN-104] {{'key'}}
	return -1;
}

void free_twice(void)
{
	Py_tss_t *key = PyThread_tss_alloc();
	PyThread_tss_free(key);
	PyThread_tss_free(key); // expect-error[MOJO-OWN-104] {{'key' from 'PyThread_tss_alloc'}}
}

void old_delete_twice(void)
{
	int key = PyThread_create_key();
	if (key == -1)
		return;
	PyThread_delete_key(key);
	PyThread_delete_key(key); // expect-error[MOJO-OWN-104] {{'key'}}
}
