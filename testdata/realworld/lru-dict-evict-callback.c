// From lru-dict (amitdev/lru-dict) src/lru/_lru.c (lru.c before 2023),
// lru_delete_last, as of the parent of commit fa66d5e ("delete_last:
// fixing recursion segfault", 2025); the same function was the subject of
// issues https://github.com/amitdev/lru-dict/issues/22 and #33 and of the
// unmerged pull request #35. The least recently used node is read from the
// self->last field and then the user's eviction callback runs with its key
// and value; the callback may use the LRU (set or delete a key, which
// evicts or unlinks that node again and may free it), and the node is
// then unlinked and its key read through the pointer (a cached field
// pointer used after a code-running call). The fix unlinks the node before
// the callback runs. lru_remove_node, lru_delete_last and LRU_clear are
// verbatim (lru_delete_last made non-static), and the method table is cut
// to the row of `clear`, one of the methods through which the callback can
// unlink the node; the structs and macros are lru.c's (the macros cast
// tp_as_mapping, a void * in the stub headers). The tool also reports the
// unchecked Py_BuildValue result (MOJO-OWN-109).
#include <Python.h>

/* The stub headers type tp_as_mapping as void *: the macros cast it. */
typedef struct {
    Py_ssize_t (*mp_length)(PyObject *);
    PyObject *(*mp_subscript)(PyObject *, PyObject *);
    int (*mp_ass_subscript)(PyObject *, PyObject *, PyObject *);
} MappingMethods;
#define MAPPING(d) ((MappingMethods *)Py_TYPE(d)->tp_as_mapping)
#define GET_NODE(d, key) (Node *) MAPPING(d)->mp_subscript((d), (key))
#define PUT_NODE(d, key, node) MAPPING(d)->mp_ass_subscript((d), (key), ((PyObject *)node))

typedef struct _Node {
    PyObject_HEAD
    PyObject * value;
    PyObject * key;
    struct _Node * prev;
    struct _Node * next;
} Node;

typedef struct {
    PyObject_HEAD
    PyObject * dict;
    Node * first;
    Node * last;
    Py_ssize_t size;
    Py_ssize_t hits;
    Py_ssize_t misses;
    PyObject *callback;
} LRU;

static void
lru_remove_node(LRU *self, Node* node)
{
    if (self->first == node) {
        self->first = node->next;
    }
    if (self->last == node) {
        self->last = node->prev;
    }
    if (node->prev) {
        node->prev->next = node->next;
    }
    if (node->next) {
        node->next->prev = node->prev;
    }
    node->next = node->prev = NULL;
}

void
lru_delete_last(LRU *self)
{
    PyObject *arglist;
    PyObject *result;
    Node* n = self->last;

    if (!self->last)
        return;

    if (self->callback) {
        
        arglist = Py_BuildValue("OO", n->key, n->value);
        result = PyObject_CallObject(self->callback, arglist);
        Py_XDECREF(result);
        Py_DECREF(arglist); // expect-warning[MOJO-OWN-109] {{new reference 'arglist' from 'Py_BuildValue' is passed to 'Py_DECREF' before it is checked for NULL}}
    }

    lru_remove_node(self, n); // expect-warning[MOJO-BOR-206] {{'n' is passed to 'lru_remove_node' after 'PyObject_CallObject' may have run Python code (the called object) that calls 'LRU_clear', which reassigns 'self->last' (in 'lru_remove_node')}}
    PUT_NODE(self->dict, n->key, NULL);
}

static PyObject *
LRU_clear(LRU *self)
{
    Node *c = self->first;

    while (c) {
        Node* n = c;
        c = c->next;
        lru_remove_node(self, n);
    }
    PyDict_Clear(self->dict);

    self->hits = 0;
    self->misses = 0;
    Py_RETURN_NONE;
}

/* The method table, cut to the one method the callback calls here. */
static PyMethodDef LRU_methods[] = {
    {"clear", (PyCFunction)LRU_clear, METH_NOARGS,
                    PyDoc_STR("L.clear() -> clear LRU")},
    {NULL,	NULL},
};
