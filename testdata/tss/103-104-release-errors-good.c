// MOJO-OWN-103 and 104 for the tss kind, correct code.
// expect-no-diagnostics
#include <Python.h>
#include <pthread.h>

int set_then_delete(void *v)
{
	pthread_key_t key;
	if (pthread_key_create(&key, NULL))
		return -1;
	int rc = pthread_setspecific(key, v);
	pthread_key_delete(key);
	return rc;
}

void *get_then_delete(void)
{
	pthread_key_t key;
	if (pthread_key_create(&key, NULL))
		return NULL;
	void *v = pthread_getspecific(key);
	pthread_key_delete(key);
	return v;
}

// The variable reused for a second key.
int two_keys(void)
{
	pthread_key_t key;
	if (pthread_key_create(&key, NULL))
		return -1;
	pthread_key_delete(key);
	if (pthread_key_create(&key, NULL))
		return -1;
	pthread_key_delete(key);
	return 0;
}

int setup(void *v)
{
	pthread_key_t key;
	int rc = -1;
	if (pthread_key_create(&key, NULL))
		return -1;
	if (pthread_setspecific(key, v) != 0)
		goto out;
	rc = 0;
out:
	pthread_key_delete(key);
	return rc;
}

int tss_is_created_after_delete(void)
{
	Py_tss_t *key = PyThread_tss_alloc();
	if (key == NULL)
		return -1;
	int created = PyThread_tss_is_created(key);
	PyThread_tss_free(key);
	return created;
}
