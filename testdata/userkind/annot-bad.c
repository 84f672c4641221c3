// Ownership declared with source annotations (rules/README.md): the Clang
// Static
// Analyzer's ownership_returns/takes/holds (argument numbers 1-based) and
// mojo's annotate("mojo::...") forms. Misuses of each.
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
PyObject *make_name(void) __attribute__((annotate("mojo::new_ref"), annotate("mojo::never_null")));
PyObject *registry_peek(PyObject *key) __attribute__((annotate("mojo::borrowed_ref")));
int registry_put(PyObject *key, PyObject *value) __attribute__((annotate("mojo::steals(2)")));

int leak_on_error(size_t n)
{
	arena *a = arena_new(n);
	if (!a)
		return -1;
	if (arena_used(a) > n)
		return -1; // expect-warning[MOJO-OWN-105] {{arena resource 'a' from 'arena_new' is leaked on the error exit}}
	arena_free(a);
	return 0;
}

void leak_normal(size_t n)
{
	arena *a = arena_new(n);
	(void)a;
} // expect-warning[MOJO-OWN-101] {{'a'}}

void freed_twice(size_t n)
{
	arena *a = arena_new(n);
	arena_free(a);
	arena_free(a); // expect-error[MOJO-OWN-104] {{'a'}}
}

size_t used_after_free(size_t n)
{
	arena *a = arena_new(n);
	if (!a)
		return 0;
	arena_free(a);
	return arena_used(a); // expect-error[MOJO-OWN-103] {{'a'}}
}

char first_byte(size_t n)
{
	arena *a = arena_new(n);
	if (!a)
		return 0;
	char *base = arena_base(a);
	arena_free(a);
	return base[0]; // expect-error[MOJO-BOR-201] {{'base'}}
}

// ownership_returns implies "NULL on failure".
char unchecked(size_t n)
{
	arena *a = arena_new(n);
	char c = arena_base(a)[0]; // expect-warning[MOJO-OWN-109] {{'a'}} xfail(#4): passing the unchecked handle to a borrowing call is not a use for 109
	arena_free(a);
	return c;
}

void label_leak(long id)
{
	PyObject *label = make_label(id);
	if (label == NULL)
		return;
	PyObject_Print(label);
} // expect-warning[MOJO-OWN-101] {{'label' from 'make_label'}}

void peek_decref(PyObject *key)
{
	PyObject *v = registry_peek(key);
	Py_XDECREF(v); // expect-error[MOJO-OWN-106] {{'v' from 'registry_peek'}}
}

int put_then_decref(PyObject *key, long id)
{
	PyObject *label = make_label(id);
	if (label == NULL)
		return -1;
	int rc = registry_put(key, label);
	Py_DECREF(label); // expect-error[MOJO-OWN-102] {{'label'}}
	return rc;
}

// ownership_holds: the registry keeps the arena; freeing it after is a
// use after move.
void adopt_then_free(void *registry, size_t n)
{
	arena *a = arena_new(n);
	if (!a)
		return;
	arena_adopt(registry, a);
	arena_free(a); // expect-error[MOJO-OWN-102] {{'a'}} xfail(#4): a release after ownership_holds moved the handle is reported (102) for pyref only
}

// Never NULL, still a new reference to release.
void drop_name(void)
{
	PyObject *name = make_name();
	(void)name;
} // expect-warning[MOJO-OWN-101] {{'name' from 'make_name'}}
