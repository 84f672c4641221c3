/*
 * As 102-list-ends-link-good.c, but the cache's teardown releases what
 * `first` holds: the field keeps a reference, so `link_head` takes the
 * caller's over, and the caller's Py_DECREF after it releases a reference
 * it no longer owns.
 */
#include <Python.h>

typedef struct Node {
	PyObject_HEAD
	struct Node *prev, *next;
} Node;

typedef struct {
	PyObject_HEAD
	PyObject *dict;
	Node *first, *last;
} Cache;

static PyTypeObject NodeType;

static void link_head(Cache *c, Node *n)
{
	n->prev = NULL;
	n->next = c->first;
	if (c->first)
		c->first->prev = n;
	else
		c->last = n;
	c->first = n;
}

static int cache_put(Cache *c, PyObject *key)
{
	Node *n = PyObject_New(Node, &NodeType);
	if (n == NULL)
		return -1;
	n->prev = n->next = NULL;
	int res = PyDict_SetItem(c->dict, key, (PyObject *)n);
	if (res == 0)
		link_head(c, n);
	Py_DECREF(n); // expect-error[MOJO-OWN-102] {{new reference 'n' from '_PyObject_New' is released by 'Py_DECREF' after its reference was stolen}}
	return res;
}

static void cache_dealloc(Cache *c)
{
	Py_CLEAR(c->first);
	c->last = NULL;
	Py_CLEAR(c->dict);
	Py_TYPE(c)->tp_free((PyObject *)c);
}

static PyTypeObject CacheType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Cache",
	.tp_basicsize = sizeof(Cache),
	.tp_dealloc = (destructor)cache_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
};

int put(PyObject *c, PyObject *key)
{
	return cache_put((Cache *)c, key);
}
