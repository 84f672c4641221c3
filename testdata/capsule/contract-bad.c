// What a capsule does with its pointer is its destructor's contract
// (issue 12): a destructor that never reads the pointer, or one that
// releases it only under another name, leaves the pointer ours to release;
// PyCapsule_SetDestructor, SetPointer and SetName change the contract.
#include <Python.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct table { int n; long *items; } table;

static void table_capsule_free(PyObject *cap)
{
	table *t = PyCapsule_GetPointer(cap, "ownlint.table");
	if (t == NULL) {
		PyErr_WriteUnraisable(cap);
		return;
	}
	free(t->items);
	free(t);
}

static void count_capsule_drop(PyObject *cap)
{
	(void)cap;
	fprintf(stderr, "a capsule went\n");
}

// The destructor never reads its pointer.
PyObject *table_counted(int n)
{
	table *t = malloc(sizeof *t);
	if (t == NULL)
		return PyErr_NoMemory();
	t->n = n;
	t->items = NULL;
	return PyCapsule_New(t, "ownlint.table", count_capsule_drop); // expect-warning[MOJO-OWN-101] {{'t'}}
}

// The destructor releases the pointer only under the name it reads it
// with: this capsule is named otherwise, and its destructor's
// PyCapsule_GetPointer fails.
PyObject *table_misnamed(int n)
{
	table *t = malloc(sizeof *t);
	if (t == NULL)
		return PyErr_NoMemory();
	t->n = n;
	t->items = NULL;
	PyObject *cap = PyCapsule_New(t, "ownlint.tables", table_capsule_free);
	if (cap == NULL)
		free(t);
	return cap; // expect-warning[MOJO-OWN-101] {{'t'}}
}

// Another pointer is put in the capsule: the first is ours again.
PyObject *table_swapped(int n)
{
	table *t = malloc(sizeof *t), *u = malloc(sizeof *u);
	if (t == NULL || u == NULL) {
		free(t);
		free(u);
		return PyErr_NoMemory();
	}
	t->items = u->items = NULL;
	PyObject *cap = PyCapsule_New(t, "ownlint.table", table_capsule_free);
	if (cap == NULL) {
		free(t);
		free(u);
		return NULL;
	}
	PyCapsule_SetPointer(cap, u); // expect-warning[MOJO-OWN-101] {{heap memory 't' from 'malloc' is leaked: its last handle is lost here}}
	return cap;
}

// Renamed so that its destructor no longer finds the pointer.
PyObject *table_renamed(int n)
{
	table *t = malloc(sizeof *t);
	if (t == NULL)
		return PyErr_NoMemory();
	t->items = NULL;
	PyObject *cap = PyCapsule_New(t, "ownlint.table", table_capsule_free);
	if (cap == NULL) {
		free(t);
		return NULL;
	}
	PyCapsule_SetName(cap, "ownlint.consumed");
	return cap; // expect-warning[MOJO-OWN-101] {{'t'}}
}

// Given back its destructor, the capsule owns the table again: freeing it
// here too is a release after the hand-off.
PyObject *table_reattached(int n)
{
	table *t = malloc(sizeof *t);
	if (t == NULL)
		return PyErr_NoMemory();
	t->items = NULL;
	PyObject *cap = PyCapsule_New(t, "ownlint.table", NULL);
	if (cap == NULL) {
		free(t);
		return NULL;
	}
	PyCapsule_SetDestructor(cap, table_capsule_free);
	free(t); // expect-error[MOJO-OWN-102] {{'t' from 'malloc' is released by 'free' but capsule 'cap' owns it}}
	return cap;
}
