// Ownership declared with source annotations (rules/README.md), correct code.
// expect-no-diagnostics
#include <Python.h>
#include <stddef.h>

typedef struct arena arena;
arena *arena_new(size_t cap) __attribute__((ownership_returns(arena)));
void arena_free(arena *a) __attribute__((ownership_takes(arena, 1)));
void arena_adopt(void *registry, arena *a) __attribute__((ownership_holds(arena, 2)));
char *arena_base(arena *a) __attribute__((annotate("mojo::interior(1)")));
size_t arena_used(arena *a);
void PyObject_Print(PyObject *o);

PyObject *make_label(long id) __attribute__((annotate("mojo::new_ref")));
PyObject *make_name(void) __attribute__((annotate("mojo::never_null"), annotate("mojo::new_ref")));
PyObject *registry_peek(PyObject *key) __attribute__((annotate("mojo::borrowed_ref")));
int registry_put(PyObject *key, PyObject *value) __attribute__((annotate("mojo::steals(2)")));

int no_leak(size_t n)
{
	int rc = -1;
	arena *a = arena_new(n);
	if (!a)
		return -1;
	if (arena_used(a) > n)
		goto out;
	rc = 0;
out:
	arena_free(a);
	return rc;
}

char first_byte(size_t n)
{
	arena *a = arena_new(n);
	if (!a)
		return 0;
	char c = arena_base(a)[0];
	arena_free(a);
	return c;
}

void adopt(void *registry, size_t n)
{
	arena *a = arena_new(n);
	if (!a)
		return;
	arena_adopt(registry, a);
}

void label(long id)
{
	PyObject *label = make_label(id);
	if (label == NULL)
		return;
	PyObject_Print(label);
	Py_DECREF(label);
}

PyObject *peek_new(PyObject *key)
{
	PyObject *v = registry_peek(key);
	return Py_XNewRef(v);
}

int put(PyObject *key, long id)
{
	PyObject *label = make_label(id);
	if (label == NULL)
		return -1;
	return registry_put(key, label); // the reference is stolen
}

// A new reference never NULL: used unchecked.
void print_name(void)
{
	PyObject *name = make_name();
	PyObject_Print(name);
	Py_DECREF(name);
}
