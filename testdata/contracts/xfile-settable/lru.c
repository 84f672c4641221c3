// The LRU's methods and its eviction. lru_pop, which unlinks the last node,
// is registered as the method "pop" in table.c: only through that file is
// it a function Python code can call, so only then may the callback that
// lru_evict runs have unlinked and freed the node it then reads.
#include "lru.h"

PyObject *lru_pop(LRU *self, PyObject *unused)
{
	Node *n = self->last;
	if (n)
		self->last = n->prev;
	Py_RETURN_NONE;
}

Py_hash_t lru_evict(LRU *self)
{
	Node *n = self->last;
	if (!n)
		return 0;
	PyObject *r = PyObject_CallNoArgs(self->callback);
	Py_XDECREF(r);
	return PyObject_Hash(n->key);
}
