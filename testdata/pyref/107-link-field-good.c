/*
 * MOJO-OWN-107, MOJO-OWN-102, MOJO-OWN-106 through an intrusive list: a
 * parent keeps its children in a list of raw pointers (a `struct link`
 * embedded in each object, its fields typed as the object's own struct),
 * and a child leaves the list in its own dealloc. No function of the file
 * releases what the list holds: walking it takes a reference of its own
 * first. Linking a child in keeps no reference, so the function that made
 * the child still owns it and returns a new reference.
 */
// expect-no-diagnostics
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
	int live;
};

static PyTypeObject Item_Type;

static void add_kid(struct item *parent, struct item *kid)
{
	struct item *first = parent->kids.next;
	if (first) {
		kid->peers.next = first;
		first->peers.prev = kid;
	}
	parent->kids.next = kid;
}

static void drop_kid(struct item *parent, struct item *kid)
{
	if (kid->peers.prev)
		kid->peers.prev->peers.next = kid->peers.next;
	else if (parent->kids.next == kid)
		parent->kids.next = kid->peers.next;
	if (kid->peers.next)
		kid->peers.next->peers.prev = kid->peers.prev;
}

static void close_kids(struct item *parent)
{
	struct item *kid = parent->kids.next;
	while (kid) {
		struct item *next = kid->peers.next;
		Py_INCREF((PyObject *)kid);
		kid->live = 0;
		Py_DECREF((PyObject *)kid);
		kid = next;
	}
}

static PyObject *new_kid(struct item *parent)
{
	struct item *self = PyObject_New(struct item, &Item_Type);
	if (!self)
		return NULL;
	self->peers.prev = self->peers.next = NULL;
	self->kids.prev = self->kids.next = NULL;
	self->live = 1;
	add_kid(parent, self);
	return (PyObject *)self;
}

PyObject *item_spawn(struct item *parent)
{
	return new_kid(parent);
}

PyObject *item_touch(struct item *parent)
{
	PyObject *k = new_kid(parent);
	if (!k)
		return NULL;
	drop_kid(parent, (struct item *)k);
	Py_DECREF(k);
	close_kids(parent);
	Py_RETURN_NONE;
}
