// From CPython (python/cpython) Objects/listobject.c, list_remove
// (list.remove), as released in v3.7.0, before bpo-38610 ("Fix possible
// crashes in several list methods", https://bugs.python.org/issue38610,
// pull request https://github.com/python/cpython/pull/17022, commit
// d9e561d23d994e3ed15f4fcbd7ee5c8fe50f190b, Zackery Spytz, 2019; in 3.7 as
// https://github.com/python/cpython/pull/17759). The item is read from the
// list's own item array (self->ob_item[i]) without a reference and handed
// to PyObject_RichCompareBool, which runs the user's `__eq__` (the item's
// own or the value's): it may clear or shrink the list, which frees the
// item while the comparison still uses it (after a NotImplemented, the
// other operand's reflected method is called with it). The fix
// holds a reference to the item across the comparison (the same in
// list_count and list_index). The function is verbatim (made non-static,
// with its Argument Clinic line); list_ass_slice is declared. The fixed
// version follows and is not reported.
#include <Python.h>

int list_ass_slice(PyListObject *a, Py_ssize_t ilow, Py_ssize_t ihigh, PyObject *v);

PyObject *
list_remove(PyListObject *self, PyObject *value)
/*[clinic end generated code: output=f087e1951a5e30d1 input=2dc2ba5bb2fb1f82]*/
{
    Py_ssize_t i;

    for (i = 0; i < Py_SIZE(self); i++) {
        int cmp = PyObject_RichCompareBool(self->ob_item[i], value, Py_EQ); // expect-warning[MOJO-BOR-206] {{borrowed reference from 'PyList_GET_ITEM' is passed to 'PyObject_RichCompareBool', which can call a user `__eq__` that clears its container 'self'}}
        if (cmp > 0) {
            if (list_ass_slice(self, i, i+1,
                               (PyObject *)NULL) == 0)
                Py_RETURN_NONE;
            return NULL;
        }
        else if (cmp < 0)
            return NULL;
    }
    PyErr_SetString(PyExc_ValueError, "list.remove(x): x not in list");
    return NULL;
}

/* After the fix (bpo-38610): a reference is held across the comparison. */
PyObject *
list_remove_fixed(PyListObject *self, PyObject *value)
{
    Py_ssize_t i;

    for (i = 0; i < Py_SIZE(self); i++) {
        PyObject *obj = self->ob_item[i];
        Py_INCREF(obj);
        int cmp = PyObject_RichCompareBool(obj, value, Py_EQ);
        Py_DECREF(obj);
        if (cmp > 0) {
            if (list_ass_slice(self, i, i+1,
                               (PyObject *)NULL) == 0)
                Py_RETURN_NONE;
            return NULL;
        }
        else if (cmp < 0)
            return NULL;
    }
    PyErr_SetString(PyExc_ValueError, "list.remove(x): x not in list");
    return NULL;
}
