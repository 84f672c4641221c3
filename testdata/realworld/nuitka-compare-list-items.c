// From Nuitka (Nuitka/Nuitka) nuitka/build/static_src/HelpersComparisonEq.c,
// COMPARE_EQ_OBJECT_LIST_LIST, as of the parent of commit 7966aed09 ("Fix,
// comparing list values that changed could segfault", 2024; the same fix
// went into the Ne/Lt/Le/Gt/Ge helpers and their Jinja template). Nuitka's
// fast path for `list == list` takes each pair of items from the lists'
// ob_item arrays without a reference and hands them to Nuitka's own
// comparison helper, which runs the items' rich comparison slots: a user
// `__eq__` may clear or shrink either list, which frees the item the
// comparison is still working on (and the loop, bounded by the lengths read
// before it, then reads past the shrunk arrays). The fix takes a reference
// to both items around the comparison and re-reads Py_SIZE on each turn
// (the list_richcompare shape, MOJO-BOR-206). The function is verbatim
// (made non-static), with the fixed version after it; CHECK_OBJECT,
// nuitka_bool and BOOL_FROM are Nuitka's (checkers.h, helper/boolean.h).
// The comparison helper, RICH_COMPARE_EQ_NBOOL_OBJECT_OBJECT, is defined in
// the same file (some 200 lines calling the operands' tp_richcompare
// slots); it is reduced here to the PyObject_RichCompare it mirrors.
#include <Python.h>
#include <stdbool.h>
#include <assert.h>

#define CHECK_OBJECT(value) (assert((value) != NULL), assert(Py_REFCNT(value) > 0))

typedef enum {
    NUITKA_BOOL_FALSE = 0,
    NUITKA_BOOL_TRUE = 1,
    NUITKA_BOOL_UNASSIGNED = 2,
    NUITKA_BOOL_EXCEPTION = -1
} nuitka_bool;

static inline PyObject *BOOL_FROM(bool value) {
    CHECK_OBJECT(Py_True);
    CHECK_OBJECT(Py_False);

    return value ? Py_True : Py_False;
}

/* Reduced: the real helper calls the tp_richcompare slots itself. */
nuitka_bool RICH_COMPARE_EQ_NBOOL_OBJECT_OBJECT(PyObject *operand1, PyObject *operand2) {
    PyObject *result = PyObject_RichCompare(operand1, operand2, Py_EQ);

    if (result == NULL) {
        return NUITKA_BOOL_EXCEPTION;
    }

    int truth = PyObject_IsTrue(result);
    Py_DECREF(result);

    if (truth < 0) {
        return NUITKA_BOOL_EXCEPTION;
    }
    return truth ? NUITKA_BOOL_TRUE : NUITKA_BOOL_FALSE;
}

PyObject *COMPARE_EQ_OBJECT_LIST_LIST(PyObject *operand1, PyObject *operand2) {
    CHECK_OBJECT(operand1);
    assert(PyList_CheckExact(operand1));
    CHECK_OBJECT(operand2);
    assert(PyList_CheckExact(operand2));

    PyListObject *a = (PyListObject *)operand1;
    PyListObject *b = (PyListObject *)operand2;

    Py_ssize_t len_a = Py_SIZE(a);
    Py_ssize_t len_b = Py_SIZE(b);

    if (len_a != len_b) {
        bool r = false;

        // Convert to target type.
        PyObject *result = BOOL_FROM(r);
        Py_INCREF(result);
        return result;
    }

    nuitka_bool res = NUITKA_BOOL_TRUE;

    Py_ssize_t i;
    for (i = 0; i < len_a && i < len_b; i++) {
        PyObject *aa = a->ob_item[i];
        PyObject *bb = b->ob_item[i];

        if (aa == bb) {
            continue;
        }

        res = RICH_COMPARE_EQ_NBOOL_OBJECT_OBJECT(aa, bb); // expect-warning[MOJO-BOR-206] {{'aa'}} xfail(#13): the comparison is Nuitka's own helper RICH_COMPARE_EQ_NBOOL_OBJECT_OBJECT: its summary says it runs Python code, but a borrow passed into a call is reported only for the API's comparisons and binary number operations, whose operands' own methods run, not for a file's function that hands its parameters on to one of them

        if (res == NUITKA_BOOL_EXCEPTION) {
            return NULL;
        }

        if (res == NUITKA_BOOL_FALSE) {
            break;
        }
    }

    bool r = res == NUITKA_BOOL_TRUE;

    // Convert to target type.
    PyObject *result = BOOL_FROM(r);
    Py_INCREF(result);
    return result;
}

/* After the fix (7966aed09). */
PyObject *COMPARE_EQ_OBJECT_LIST_LIST_fixed(PyObject *operand1, PyObject *operand2) {
    CHECK_OBJECT(operand1);
    assert(PyList_CheckExact(operand1));
    CHECK_OBJECT(operand2);
    assert(PyList_CheckExact(operand2));

    PyListObject *a = (PyListObject *)operand1;
    PyListObject *b = (PyListObject *)operand2;

    if (Py_SIZE(a) != Py_SIZE(b)) {
        bool r = false;

        // Convert to target type.
        PyObject *result = BOOL_FROM(r);
        Py_INCREF(result);
        return result;
    }

    nuitka_bool res = NUITKA_BOOL_TRUE;

    Py_ssize_t i;
    for (i = 0; i < Py_SIZE(a) && i < Py_SIZE(b); i++) {
        PyObject *aa = a->ob_item[i];
        PyObject *bb = b->ob_item[i];

        if (aa == bb) {
            continue;
        }

        Py_INCREF(aa);
        Py_INCREF(bb);
        res = RICH_COMPARE_EQ_NBOOL_OBJECT_OBJECT(aa, bb);
        Py_DECREF(aa);
        Py_DECREF(bb);

        if (res == NUITKA_BOOL_EXCEPTION) {
            return NULL;
        }

        if (res == NUITKA_BOOL_FALSE) {
            break;
        }
    }

    bool r;
    if (i >= Py_SIZE(a) || i >= Py_SIZE(b)) {
        r = Py_SIZE(a) == Py_SIZE(b);
    } else {
        r = res == NUITKA_BOOL_TRUE;
    }

    // Convert to target type.
    PyObject *result = BOOL_FROM(r);
    Py_INCREF(result);
    return result;
}
