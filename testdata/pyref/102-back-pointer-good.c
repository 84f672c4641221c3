/*
 * A helper that stores its object argument into a struct embedded in
 * that same object (`init_index(&obj->index, (PyObject *)obj)`): a
 * back-pointer from the object's memory to itself, which owns nothing.
 * The helper's summary says it keeps the argument; at this call the
 * caller still owns its reference, and returns it.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *owner;
	int n;
} Index;

typedef struct {
	PyObject_HEAD
	Index index;
} Fasta;

static void init_index(Index *index, PyObject *owner)
{
	index->n = 0;
	index->owner = owner;
}

PyObject *fasta_new(PyTypeObject *type)
{
	Fasta *obj = (Fasta *)type->tp_alloc(type, 0);
	if (obj == NULL)
		return NULL;
	init_index(&obj->index, (PyObject *)obj);
	return (PyObject *)obj;
}
