// MOJO-OWN-109 for the tss kind, correct code: the NULL check comes first.
// expect-no-diagnostics
#include <Python.h>

int create_checked(void)
{
	Py_tss_t *key = PyThread_tss_alloc();
	if (key == NULL)
		return -1;
	int rc = PyThread_tss_is_created(key);
	PyThread_tss_free(key);
	return rc;
}

void *get_checked(void)
{
	Py_tss_t *key = PyThread_tss_alloc();
	if (!key)
		return NULL;
	void *v = PyThread_tss_get(key);
	PyThread_tss_free(key);
	return v;
}

int set_checked(void *v)
{
	Py_tss_t *key = PyThread_tss_alloc();
	int rc = -1;
	if (key != NULL) {
		rc = PyThread_tss_set(key, v);
		PyThread_tss_free(key);
	}
	return rc;
}

// PyThread_tss_free(NULL) is a no-op: no check needed before it.
void free_unchecked(void)
{
	Py_tss_t *key = PyThread_tss_alloc();
	PyThread_tss_free(key);
}
