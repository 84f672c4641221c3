// From guppy3 (zhuyifei1999/guppy3) src/heapy/classifier.c,
// cli_partition_iter (ObjectClassifier.partition), at the parent of commit
// 3f4ebb8 ("classifier.c: Fix over-decrement refcnt in cli_partition_iter",
// 2026, for finding 14 of https://github.com/zhuyifei1999/guppy3/issues/51).
// The list of objects of one kind lives in the partition dict: either it is
// borrowed from it (PyDict_GetItem), or it is made, stored into the dict
// and the function's own reference dropped at once. Either way the dict is
// its only holder, and when PyList_Append fails the error exit releases it
// (Py_XDECREF(sp)): the dict's reference is given away and the list is
// freed under the dict. The fix takes a reference with PyDict_GetItemRef,
// keeps the new list's reference until after the append, and releases it on
// both exits. The structs (classifier.h, classifier.c) and the function are
// verbatim (the function made non-static); NyNodeGraphObject is declared
// opaque, and so is PyDict_GetItemRef, Python 3.13's API that guppy3 gets
// from pythoncapi_compat.h. The fixed function follows and is not reported.
#include <Python.h>

typedef struct {
    int flags;
    int size;
    char *name;
    char *doc;
    PyObject * (*classify)(PyObject *self, PyObject *arg);
    PyObject * (*memoized_kind)(PyObject *self, PyObject *kind);
    int (*cmp_le)(PyObject *self, PyObject *a, PyObject *b);
} NyObjectClassifierDef;

typedef struct{
    PyObject_HEAD
    NyObjectClassifierDef *def;
    PyObject *self;
} NyObjectClassifierObject;

typedef struct NyNodeGraphObject NyNodeGraphObject;

/* Python 3.13's API (pythoncapi-compat for older ones); not in the stub headers. */
int PyDict_GetItemRef(PyObject *p, PyObject *key, PyObject **result);

typedef struct {
    NyObjectClassifierObject *self;
    PyObject *map;
    NyNodeGraphObject *emap;
} PATravArg;

int
cli_partition_iter(PyObject *obj, PATravArg *ta)
{
    PyObject *sp;
    PyObject *kind = ta->self->def->classify(ta->self->self, obj);
    if (!kind)
        return -1;

    sp = PyDict_GetItem(ta->map, kind);
    if (!sp) {
        sp = PyList_New(0);
        if (!sp)
            goto Err;
        if (PyObject_SetItem(ta->map, kind, sp) == -1) {
            goto Err;
        };
        Py_DECREF(sp);
    }
    if (PyList_Append(sp, obj) == -1)
        goto Err;
    Py_DECREF(kind);
    return 0;
Err:
    Py_XDECREF(sp); // expect-error[MOJO-OWN-106] {{borrowed reference 'sp' from 'PyDict_GetItem' is released by 'Py_XDECREF' but this function does not own it}}
    // expect-error[MOJO-OWN-104]@-1 {{'sp' from 'PyList_New' is released twice}}
    Py_XDECREF(kind);
    return -1;
}

/* After the fix (3f4ebb8). */
int
cli_partition_iter_fixed(PyObject *obj, PATravArg *ta)
{
    PyObject *sp;
    PyObject *kind = ta->self->def->classify(ta->self->self, obj);
    int r;

    if (!kind)
        return -1;

    r = PyDict_GetItemRef(ta->map, kind, &sp);
    if (r == -1)
        goto Err;
    if (!sp) {
        sp = PyList_New(0);
        if (!sp)
            goto Err;
        if (PyObject_SetItem(ta->map, kind, sp) == -1) {
            goto Err;
        };
    }
    if (PyList_Append(sp, obj) == -1)
        goto Err;
    Py_DECREF(sp);
    Py_DECREF(kind);
    return 0;
Err:
    Py_XDECREF(sp);
    Py_XDECREF(kind);
    return -1;
}
