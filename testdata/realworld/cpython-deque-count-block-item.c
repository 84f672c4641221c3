// From CPython (python/cpython) Modules/_collectionsmodule.c, deque_count
// (deque.count), as in CPython 3.4 (BLOCKLEN 62, a counted loop), an early
// text of the function that bpo-39590 fixed in 3.8 and 3.9
// ("collections.deque.__contains__ and .count should hold strong
// references", https://bugs.python.org/issue39590, Dennis Sweeney, 2020,
// pull requests https://github.com/python/cpython/pull/18421 and
// https://github.com/python/cpython/pull/18423). Each item is read from the
// deque's block list (`b->data[index]`, blocks the deque owns and frees as
// it shrinks) without a reference and handed to PyObject_RichCompareBool,
// which runs the user's `__eq__` (the item's own or the value's): it may
// clear the deque, which frees the item (and its block) while the
// comparison still uses it. The state check after the
// comparison comes too late. The fix holds a reference to the item across
// the comparison. The block and deque structs, the CHECK_NOT_END macro and
// the function are verbatim (the function made non-static); the fixed
// version below adds the fix's two lines to this text.
//
// The tool does not find it (xfail): an item of a block the deque's field
// links to is a borrow of the deque's own storage (issue #30), but only
// storage that a function of the file Python code reaches changes is
// taken to change, and this file holds deque_count alone (not the deque's
// pops and clear, which free blocks).
#include <Python.h>
#include <assert.h>

#define BLOCKLEN 62

typedef struct BLOCK {
    struct BLOCK *leftlink;
    PyObject *data[BLOCKLEN];
    struct BLOCK *rightlink;
} block;

#ifndef NDEBUG
#define MARK_END(link)  link = NULL;
#define CHECK_END(link) assert(link == NULL);
#define CHECK_NOT_END(link) assert(link != NULL);
#else
#define MARK_END(link)
#define CHECK_END(link)
#define CHECK_NOT_END(link)
#endif

typedef struct {
    PyObject_VAR_HEAD
    block *leftblock;
    block *rightblock;
    Py_ssize_t leftindex;       /* in range(BLOCKLEN) */
    Py_ssize_t rightindex;      /* in range(BLOCKLEN) */
    long state;                 /* incremented whenever the indices move */
    Py_ssize_t maxlen;
    PyObject *weakreflist; /* List of weak references */
} dequeobject;

PyObject *
deque_count(dequeobject *deque, PyObject *v)
{
    block *b = deque->leftblock;
    Py_ssize_t index = deque->leftindex;
    Py_ssize_t n = Py_SIZE(deque);
    Py_ssize_t i;
    Py_ssize_t count = 0;
    PyObject *item;
    long start_state = deque->state;
    int cmp;

    for (i=0 ; i<n ; i++) {
        CHECK_NOT_END(b);
        item = b->data[index];
        cmp = PyObject_RichCompareBool(item, v, Py_EQ); // expect-warning[MOJO-BOR-206] {{item}} xfail(#30): the item is read from a block of the deque's block list (b->data[index], b from deque->leftblock), a borrow of the deque's own storage, but no function of this file changes that storage (the deque's pops and clear are not in it), so the comparison is not taken to free it
        if (cmp > 0)
            count++;
        else if (cmp < 0)
            return NULL;

        if (start_state != deque->state) {
            PyErr_SetString(PyExc_RuntimeError,
                            "deque mutated during iteration");
            return NULL;
        }

        /* Advance left block/index pair */
        index++;
        if (index == BLOCKLEN) {
            b = b->rightlink;
            index = 0;
        }
    }
    return PyLong_FromSsize_t(count);
}

/* After the fix (bpo-39590): a reference is held across the comparison. */
PyObject *
deque_count_fixed(dequeobject *deque, PyObject *v)
{
    block *b = deque->leftblock;
    Py_ssize_t index = deque->leftindex;
    Py_ssize_t n = Py_SIZE(deque);
    Py_ssize_t i;
    Py_ssize_t count = 0;
    PyObject *item;
    long start_state = deque->state;
    int cmp;

    for (i=0 ; i<n ; i++) {
        CHECK_NOT_END(b);
        item = b->data[index];
        Py_INCREF(item);
        cmp = PyObject_RichCompareBool(item, v, Py_EQ);
        Py_DECREF(item);
        if (cmp > 0)
            count++;
        else if (cmp < 0)
            return NULL;

        if (start_state != deque->state) {
            PyErr_SetString(PyExc_RuntimeError,
                            "deque mutated during iteration");
            return NULL;
        }

        /* Advance left block/index pair */
        index++;
        if (index == BLOCKLEN) {
            b = b->rightlink;
            index = 0;
        }
    }
    return PyLong_FromSsize_t(count);
}
