// From llist (ajakubek/python-llist) src/sllist.c, sllist_appendnode
// (sllist.appendnode), at the parent of commit 62b1185 ("Increment node
// refount in appendnode methods", Adam Jakubek, 2018,
// https://github.com/ajakubek/python-llist/commit/62b1185; the same fix in
// dllist.c): "Refcount of appended node must be incremented twice, since the
// node is both retained in the list and returned to caller." The node the
// caller hands in is linked into the list (self->first or the last node's
// `next`, and self->last) with the caller's reference only, and one
// reference is taken for the return: once the caller drops the node, the
// list's link is its only holder, without a reference of its own, and it
// dangles. The fix takes the second reference. The structs and the function
// are verbatim (the function made non-static); PyObject_TypeCheck is
// CPython's macro, not in the stub headers.
//
// What the tool says: for the unfixed function, that the returned node has
// no reference of its own (MOJO-OWN-107), one reference short as the bug
// is, but at the return instead of at the link. The fixed function is
// reported the same way (fp): the node is stored into two fields, the link
// and `last`, and each store of a borrowed reference is taken to need a
// reference of its own; `last` is a second, non-owning pointer to the end
// of the chain, so two references (the chain's and the caller's) are right.
#include <Python.h>

typedef struct
{
    PyObject_HEAD
    PyObject* value;
    PyObject* next;
    PyObject* list_weakref;
} SLListNodeObject;

static PyTypeObject SLListNodeType;

/* Not in the stub headers: CPython's definition. */
#define PyObject_TypeCheck(ob, type) (Py_TYPE(ob) == (type) || PyType_IsSubtype(Py_TYPE(ob), (type)))

typedef struct
{
    PyObject_HEAD
    PyObject* first;
    PyObject* last;
    Py_ssize_t size;
    PyObject* weakref_list;
} SLListObject;

PyObject* sllist_appendnode(SLListObject* self, PyObject* arg)
{
    if (!PyObject_TypeCheck(arg, &SLListNodeType))
    {
        PyErr_SetString(PyExc_TypeError, "Argument must be a sllistnode");
        return NULL;
    }

    SLListNodeObject* node = (SLListNodeObject*) arg;

    if (node->list_weakref != Py_None || node->next != Py_None)
    {
        PyErr_SetString(PyExc_ValueError,
            "Argument node must not belong to a list");
        return NULL;
    }

    /* appending to empty list */
    if(self->first == Py_None)
        self->first = (PyObject*)node;
    /* setting next of last element as new node */
    else
        ((SLListNodeObject*)self->last)->next = (PyObject*)node;

    /* allways set last node to new node */
    self->last = (PyObject*)node;

    Py_DECREF(node->list_weakref);
    node->list_weakref = PyWeakref_NewRef((PyObject*) self, NULL);

    ++self->size;
    Py_INCREF((PyObject*)node);
    return (PyObject*)node; // expect-error[MOJO-OWN-107] {{borrowed reference 'arg' is returned but callers expect a new reference}}
}

/* After the fix (62b1185). */
PyObject* sllist_appendnode_fixed(SLListObject* self, PyObject* arg)
{
    if (!PyObject_TypeCheck(arg, &SLListNodeType))
    {
        PyErr_SetString(PyExc_TypeError, "Argument must be a sllistnode");
        return NULL;
    }

    SLListNodeObject* node = (SLListNodeObject*) arg;

    if (node->list_weakref != Py_None || node->next != Py_None)
    {
        PyErr_SetString(PyExc_ValueError,
            "Argument node must not belong to a list");
        return NULL;
    }

    /* appending to empty list */
    if(self->first == Py_None)
        self->first = (PyObject*)node;
    /* setting next of last element as new node */
    else
        ((SLListNodeObject*)self->last)->next = (PyObject*)node;

    /* allways set last node to new node */
    self->last = (PyObject*)node;

    Py_DECREF(node->list_weakref);
    node->list_weakref = PyWeakref_NewRef((PyObject*) self, NULL);

    Py_INCREF((PyObject*)node);
    ++self->size;

    Py_INCREF((PyObject*)node);
    return (PyObject*)node; // expect-error[MOJO-OWN-107] {{borrowed reference 'arg' is returned but callers expect a new reference}} fp(#30): the node is stored into two fields, the previous link (or first) and last, and each store of a borrowed reference is taken to need a reference of its own; last is a non-owning alias of the chain's end, so the two Py_INCREFs (the chain's and the returned one) are right
}
