// From CPython (python/cpython) Modules/_heapqmodule.c, siftdown and
// heappushpop (heapq.heappush, heapq.heappushpop), in the module's text
// before 3.8 (PyArg_UnpackTuple: Argument Clinic took the module over in
// 3.8, bpo-34797), before bpo-39421 ("Use-after-free in heappushpop() of
// heapq module", CVE-2022-48560, https://bugs.python.org/issue39421; fixed
// by https://github.com/python/cpython/pull/18118, "bpo-39421: Fix posible
// crash in heapq with custom comparison operators", Pablo Galindo, 2020,
// with backports to the maintenance branches). Both functions hand items
// of the heap list, read without a reference, to PyObject_RichCompareBool,
// which runs the user's `__lt__` (either operand's): it may clear the heap,
// freeing the item the comparison is still using (after a NotImplemented,
// the other operand's reflected method is called with it). The fix holds
// references to both operands around each comparison. The functions are
// verbatim (made non-static); siftup is declared, and _PyList_ITEMS is
// CPython's internal macro. The fixed heappushpop follows and is not
// reported.
//
// heappushpop's comparison is found (the list_richcompare shape), and so is
// the one in siftdown: its items are read through `arr`, a local copy of
// the list's item array pointer, an item of the list's own storage (issue
// #30).
#include <Python.h>
#include <assert.h>

#define _PyList_ITEMS(op) (((PyListObject *)(op))->ob_item)

int siftup(PyListObject *heap, Py_ssize_t pos);

int
siftdown(PyListObject *heap, Py_ssize_t startpos, Py_ssize_t pos)
{
    PyObject *newitem, *parent, **arr;
    Py_ssize_t parentpos, size;
    int cmp;

    assert(PyList_Check(heap));
    size = PyList_GET_SIZE(heap);
    if (pos >= size) {
        PyErr_SetString(PyExc_IndexError, "index out of range");
        return -1;
    }

    /* Follow the path to the root, moving parents down until finding
       a place newitem fits. */
    arr = _PyList_ITEMS(heap);
    newitem = arr[pos];
    while (pos > startpos) {
        parentpos = (pos - 1) >> 1;
        parent = arr[parentpos];
        cmp = PyObject_RichCompareBool(newitem, parent, Py_LT); // expect-warning[MOJO-BOR-206] {{newitem}}
        if (cmp < 0)
            return -1;
        if (size != PyList_GET_SIZE(heap)) {
            PyErr_SetString(PyExc_RuntimeError,
                            "list changed size during iteration");
            return -1;
        }
        if (cmp == 0)
            break;
        arr = _PyList_ITEMS(heap);
        parent = arr[parentpos];
        newitem = arr[pos];
        arr[parentpos] = newitem;
        arr[pos] = parent;
        pos = parentpos;
    }
    return 0;
}

PyObject *
heappushpop(PyObject *self, PyObject *args)
{
    PyObject *heap, *item, *returnitem;
    int cmp;

    if (!PyArg_UnpackTuple(args, "heappushpop", 2, 2, &heap, &item))
        return NULL;

    if (!PyList_Check(heap)) {
        PyErr_SetString(PyExc_TypeError, "heap argument must be a list");
        return NULL;
    }

    if (PyList_GET_SIZE(heap) == 0) {
        Py_INCREF(item);
        return item;
    }

    cmp = PyObject_RichCompareBool(PyList_GET_ITEM(heap, 0), item, Py_LT); // expect-warning[MOJO-BOR-206] {{borrowed reference from 'PyList_GET_ITEM' is passed to 'PyObject_RichCompareBool', which can call a user `__lt__` that clears its container 'heap'}}
    if (cmp < 0)
        return NULL;
    if (cmp == 0) {
        Py_INCREF(item);
        return item;
    }

    if (PyList_GET_SIZE(heap) == 0) {
        PyErr_SetString(PyExc_IndexError, "index out of range");
        return NULL;
    }

    returnitem = PyList_GET_ITEM(heap, 0);
    Py_INCREF(item);
    PyList_SET_ITEM(heap, 0, item);
    if (siftup((PyListObject *)heap, 0)) {
        Py_DECREF(returnitem);
        return NULL;
    }
    return returnitem;
}

/* heappushpop after the fix (bpo-39421): the top item is held across the
   comparison. */
PyObject *
heappushpop_fixed(PyObject *self, PyObject *args)
{
    PyObject *heap, *item, *returnitem;
    int cmp;

    if (!PyArg_UnpackTuple(args, "heappushpop", 2, 2, &heap, &item))
        return NULL;

    if (!PyList_Check(heap)) {
        PyErr_SetString(PyExc_TypeError, "heap argument must be a list");
        return NULL;
    }

    if (PyList_GET_SIZE(heap) == 0) {
        Py_INCREF(item);
        return item;
    }

    PyObject* top = PyList_GET_ITEM(heap, 0);
    Py_INCREF(top);
    cmp = PyObject_RichCompareBool(top, item, Py_LT);
    Py_DECREF(top);
    if (cmp < 0)
        return NULL;
    if (cmp == 0) {
        Py_INCREF(item);
        return item;
    }

    if (PyList_GET_SIZE(heap) == 0) {
        PyErr_SetString(PyExc_IndexError, "index out of range");
        return NULL;
    }

    returnitem = PyList_GET_ITEM(heap, 0);
    Py_INCREF(item);
    PyList_SET_ITEM(heap, 0, item);
    if (siftup((PyListObject *)heap, 0)) {
        Py_DECREF(returnitem);
        return NULL;
    }
    return returnitem;
}
