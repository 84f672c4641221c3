/*
 * Intrusive lists and references. A link field that keeps no reference
 * does not take the child over: a child made, linked in and dropped on
 * the floor is still leaked (MOJO-OWN-101). A list whose holder releases
 * its items (`Py_XDECREF(self->head)` in its dealloc) does hold a
 * reference: a helper that links an object in takes it over, so
 * returning the object after that returns a reference the function no
 * longer owns (MOJO-OWN-102).
 */
#include <Python.h>

struct item;
struct link {
	struct item *prev;
	struct item *next;
};
struct item {
	PyObject_HEAD
	struct link peers;
	struct link kids;
};

static PyTypeObject Item_Type;

static void add_kid(struct item *parent, struct item *kid)
{
	parent->kids.next = kid;
}

PyObject *item_forget(struct item *parent)
{
	struct item *self = PyObject_New(struct item, &Item_Type);
	if (!self)
		return NULL;
	add_kid(parent, self);
	Py_RETURN_NONE; // expect-warning[MOJO-OWN-101] {{new reference 'self' from '_PyObject_New' is never released}}
}

typedef struct chain {
	PyObject_HEAD
	struct chain *head;
} chain;

static PyTypeObject Chain_Type;

static void push(chain *owner, chain *c)
{
	owner->head = c;
}

// Its type's tp_dealloc.
void chain_dealloc(chain *self)
{
	Py_XDECREF((PyObject *)self->head);
	PyObject_Free(self);
}

PyObject *chain_grow(chain *owner)
{
	chain *c = PyObject_New(chain, &Chain_Type);
	if (!c)
		return NULL;
	c->head = NULL;
	push(owner, c);
	return (PyObject *)c; // expect-error[MOJO-OWN-102] {{new reference 'c' from '_PyObject_New' is returned after its reference was stolen}}
}
