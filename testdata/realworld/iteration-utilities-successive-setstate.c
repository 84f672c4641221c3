// From iteration_utilities (MSeifert04/iteration_utilities)
// src_c/recipessuccessive.c, recipes_successive_setstate
// (successive.__setstate__), at the parent of commit 3b9b5e4 ("include
// INCREF in setstate of successive", 2016,
// https://github.com/MSeifert04/iteration_utilities/commit/3b9b5e4, merged
// with pull request https://github.com/MSeifert04/iteration_utilities/pull/38,
// "successive_setstate_bug"). The pending result tuple is parsed out of the
// state tuple with "O", a borrowed reference whose holder is the state
// tuple, and kept in the object's `result` field without a reference of
// its own. Once unpickling drops the state tuple, the field points to a
// freed tuple, which __next__ reads and the destructor releases. The fix
// takes a reference before the store. The struct and the function are
// verbatim (made non-static); the fixed function follows and is not
// reported.
#include <Python.h>

typedef struct {
    PyObject_HEAD
    PyObject *it;
    Py_ssize_t times;
    PyObject *result;
} recipes_successive_object;

PyObject *
recipes_successive_setstate(recipes_successive_object *lz, PyObject *state)
{
    PyObject *result;
    if (!PyArg_ParseTuple(state, "O", &result)) {
        return NULL;
    }

    Py_CLEAR(lz->result);

    if (result == Py_None) {
        lz->result = NULL;
    } else {
        lz->result = result; // expect-warning[MOJO-BOR-202] {{borrowed reference 'result' from 'PyArg_ParseTuple' is stored without taking a reference}}
    }

    Py_RETURN_NONE;
}

/* After the fix (3b9b5e4). */
PyObject *
recipes_successive_setstate_fixed(recipes_successive_object *lz, PyObject *state)
{
    PyObject *result;
    if (!PyArg_ParseTuple(state, "O", &result)) {
        return NULL;
    }

    Py_CLEAR(lz->result);

    if (result == Py_None) {
        lz->result = NULL;
    } else {
        Py_INCREF(result);
        lz->result = result;
    }

    Py_RETURN_NONE;
}
