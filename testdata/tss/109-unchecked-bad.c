// MOJO-OWN-109 for the tss kind: PyThread_tss_alloc returns NULL when out
// of memory; the result is used before that is checked.
#include <Python.h>

int create_unchecked(void)
{
	Py_tss_t *key = PyThread_tss_alloc();
	int rc = PyThread_tss_create(key); // expect-warning[MOJO-OWN-109] {{'key'}} xfail(#4): 109 covers dereferences and non-NULL-only releases, not a NULL passed to a borrowing API that asserts non-NULL
	PyThread_tss_free(key);
	return rc;
}

void *get_unchecked(void)
{
	Py_tss_t *key = PyThread_tss_alloc();
	void *v = PyThread_tss_get(key); // expect-warning[MOJO-OWN-109] {{'key'}} xfail(#4): as above
	PyThread_tss_free(key);
	return v;
}

int set_unchecked(void *v)
{
	Py_tss_t *key = PyThread_tss_alloc();
	int rc = PyThread_tss_set(key, v); // expect-warning[MOJO-OWN-109] {{'key'}} xfail(#4): as above
	PyThread_tss_free(key);
	return rc;
}

int field_unchecked(void)
{
	Py_tss_t *key = PyThread_tss_alloc();
	int init = key->_is_initialized; // expect-warning[MOJO-OWN-109] {{'key'}}
	PyThread_tss_free(key);
	return init;
}

// Copying the (possibly NULL) key by value.
Py_tss_t snapshot(void)
{
	Py_tss_t *key = PyThread_tss_alloc();
	Py_tss_t copy = *key; // expect-warning[MOJO-OWN-109] {{'key'}}
	PyThread_tss_free(key);
	return copy;
}

// Resetting the key's state by hand.
void reset(void)
{
	Py_tss_t *key = PyThread_tss_alloc();
	key->_is_initialized = 0; // expect-warning[MOJO-OWN-109] {{'key'}}
	PyThread_tss_free(key);
}

// A NULL key handed to a function that requires one.
void *old_style(void)
{
	Py_tss_t *key = PyThread_tss_alloc();
	unsigned k = key->_key; // expect-warning[MOJO-OWN-109] {{'key'}}
	PyThread_tss_free(key);
	return (void *)(unsigned long)k;
}
