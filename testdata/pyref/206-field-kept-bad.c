// MOJO-BOR-206 for a pointer read from a field of the object the function
// was handed, kept in a local across a call that runs the user's code and
// used after it, when a function Python code can call on the object
// reassigns that field: a method that reaches a helper which unlinks a
// node (lru-dict), a setter, and the call's own reentry (itertools.count's
// `count_nextlong` shape: the inner call hands out what the field held);
// and a plain buffer a method resizes in place (Pillow's Path.map).
#include <Python.h>
#include <stdlib.h>

typedef struct Node {
	PyObject_HEAD
	PyObject *key;
	struct Node *prev;
} Node;

typedef struct {
	PyObject_HEAD
	Node *last;
	PyObject *callback;
	PyObject *cache;
	PyObject *count;
	PyObject *step;
} LRU;

static void remove_node(LRU *self, Node *n)
{
	if (self->last == n)
		self->last = n->prev;
}

static PyObject *lru_pop(LRU *self, PyObject *unused)
{
	Node *n = self->last;
	if (n)
		remove_node(self, n);
	Py_RETURN_NONE;
}

static int lru_set_cache(LRU *self, PyObject *v, void *closure)
{
	Py_XINCREF(v);
	Py_XSETREF(self->cache, v);
	return 0;
}

static PyObject *lru_next_count(LRU *self)
{
	PyObject *count = self->count;
	if (count == NULL) {
		count = PyLong_FromLong(0);
		if (count == NULL)
			return NULL;
	}
	PyObject *next = PyNumber_Add(count, self->step);
	if (next == NULL)
		return NULL; // expect-note[MOJO-OWN-105] {{new reference 'count' from 'PyLong_FromLong' is leaked on the error exit; it is a cached small int, which CPython never frees}}
	self->count = next;
	return count; // expect-warning[MOJO-BOR-206] {{borrowed reference 'count' is returned after 'PyNumber_Add' may have run Python code (a user arithmetic method) that calls 'lru_iternext', which reassigns 'self->count' (in 'lru_next_count')}}
}

static PyObject *lru_iternext(LRU *self)
{
	return lru_next_count(self);
}

static PyMethodDef lru_methods[] = {
	{"pop", (PyCFunction)lru_pop, METH_NOARGS, NULL},
	{NULL},
};

static PyGetSetDef lru_getset[] = {
	{"cache", NULL, (setter)lru_set_cache, NULL, NULL},
	{NULL},
};

static PyTypeObject LRU_Type = {
	.tp_iternext = (iternextfunc)lru_iternext,
};

// The node the method `pop` unlinks, through remove_node.
Py_hash_t node_after_callback(LRU *self)
{
	Node *n = self->last;
	if (!n)
		return 0;
	PyObject *r = PyObject_CallNoArgs(self->callback);
	Py_XDECREF(r);
	return PyObject_Hash(n->key); // expect-warning[MOJO-BOR-206] {{'n' is dereferenced after 'PyObject_CallNoArgs' may have run Python code (the called object) that calls 'lru_pop', which reassigns 'self->last' (in 'remove_node')}}
}

// The field the setter of `cache` replaces.
int cache_after_callback(LRU *self, PyObject *k)
{
	PyObject *cache = self->cache;
	PyObject *v = PyObject_CallOneArg(self->callback, k);
	if (!v)
		return -1;
	int r = PyDict_SetItem(cache, k, v); // expect-warning[MOJO-BOR-206] {{borrowed reference 'cache' is passed to 'PyDict_SetItem' after 'PyObject_CallOneArg' may have run Python code (the called object) that calls 'lru_set_cache', which reassigns 'self->cache'}}
	Py_DECREF(v);
	return r;
}

// A buffer a method resizes in place (Pillow's Path.map and compact()).
typedef struct {
	PyObject_HEAD
	double *xy;
	Py_ssize_t count;
} Path;

static PyObject *path_compact(Path *self, PyObject *unused)
{
	self->count /= 2;
	self->xy = realloc(self->xy, 2 * self->count * sizeof(double));
	Py_RETURN_NONE;
}

static PyMethodDef path_methods[] = {
	{"compact", (PyCFunction)path_compact, METH_NOARGS, NULL},
	{NULL},
};

int path_map_first(Path *self, PyObject *function)
{
	double *xy = self->xy;
	PyObject *item = PyObject_CallNoArgs(function);
	if (item == NULL)
		return -1;
	Py_DECREF(item);
	xy[0] = 0.0; // expect-warning[MOJO-BOR-206] {{'xy' is dereferenced after 'PyObject_CallNoArgs' may have run Python code (the called object) that calls 'path_compact', which reassigns 'self->xy'}}
	return 0;
}
