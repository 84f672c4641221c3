// A capsule's contract, kept: the pointer is released by whoever owns it
// after each PyCapsule_SetDestructor, SetPointer and SetName.
// expect-no-diagnostics
#include <Python.h>
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

// No destructor: the capsule only lends the table to the callee.
long table_sum(int n, PyObject *(*visit)(PyObject *))
{
	table *t = malloc(sizeof *t);
	if (t == NULL)
		return -1;
	t->n = n;
	t->items = NULL;
	PyObject *cap = PyCapsule_New(t, "ownlint.table", NULL);
	if (cap == NULL) {
		free(t);
		return -1;
	}
	PyObject *r = visit(cap);
	Py_DECREF(cap);
	Py_XDECREF(r);
	free(t);
	return 0;
}

// No destructor: the capsule is a handle, and whoever gets it releases
// the table (here through an explicit free function of the module).
PyObject *table_handle(int n)
{
	table *t = malloc(sizeof *t);
	if (t == NULL)
		return PyErr_NoMemory();
	t->n = n;
	t->items = NULL;
	PyObject *cap = PyCapsule_New(t, "ownlint.table", NULL);
	if (cap == NULL)
		free(t);
	return cap;
}

PyObject *table_handle_free(PyObject *self, PyObject *cap)
{
	(void)self;
	table *t = PyCapsule_GetPointer(cap, "ownlint.table");
	if (t == NULL)
		return NULL;
	free(t->items);
	free(t);
	Py_RETURN_NONE;
}

// Detached, then handed out as a handle.
PyObject *table_handed_out(int n)
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
	if (PyCapsule_SetDestructor(cap, NULL) < 0) {
		Py_DECREF(cap);
		return NULL;
	}
	return cap;
}

// Detached: the function frees the table itself.
PyObject *table_detached(int n)
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
	PyCapsule_SetDestructor(cap, NULL);
	Py_DECREF(cap);
	free(t);
	Py_RETURN_NONE;
}

// Swapped: the first table is freed, the second is the capsule's.
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
	PyCapsule_SetPointer(cap, u);
	free(t);
	return cap;
}

// Renamed back to the name its destructor reads.
PyObject *table_renamed(int n)
{
	table *t = malloc(sizeof *t);
	if (t == NULL)
		return PyErr_NoMemory();
	t->items = NULL;
	PyObject *cap = PyCapsule_New(t, "ownlint.building", table_capsule_free);
	if (cap == NULL) {
		free(t);
		return NULL;
	}
	PyCapsule_SetName(cap, "ownlint.table");
	return cap;
}
