/*
 * The same helper given another object's memory: the object it keeps is
 * stored in a different object, a hand-over like any other. A reference
 * this function does not own is stolen; one it owns is stolen and then
 * returned.
 */
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

void link_other(Fasta *other, PyObject *arg)
{
	init_index(&other->index, arg); // expect-error[MOJO-OWN-106] {{borrowed reference 'arg' is passed to 'init_index', which steals a reference this function does not own}}
}

PyObject *fasta_into(PyTypeObject *type, Fasta *other)
{
	PyObject *obj = type->tp_alloc(type, 0);
	if (obj == NULL)
		return NULL;
	init_index(&other->index, obj);
	return obj; // expect-error[MOJO-OWN-102] {{new reference 'obj' from '_typeobject.tp_alloc' is returned after its reference was stolen}}
}
