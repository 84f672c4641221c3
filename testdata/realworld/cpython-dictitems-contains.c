// From CPython (python/cpython) Objects/dictobject.c, dictitems_contains
// (`(key, value) in d.items()`), as in the 2.7 branch before bpo-27945
// ("Various segfaults with dict", https://bugs.python.org/issue27945; fixed
// by https://github.com/python/cpython/pull/1657, commit 753bca39,
// "bpo-27945: Fixed various segfaults with dict.", Serhiy Storchaka, 2017,
// after patches by Duane Griffin and Tim Mitchell, and backported down to
// 2.7). The value found for the key is borrowed from the view's dict, its
// only holder, and compared with the tuple's value: that value's `__eq__`
// may delete the key or clear the dict, freeing the found value while the
// comparison still uses it (a NotImplemented return makes it call the found
// value's own slot next). The fix holds a reference to it across the
// comparison. The function is verbatim (made non-static), with the view
// struct; PyDictObject is declared opaque. The fixed function follows and
// is not reported.
//
// The tool does not find it (xfail): the dict is the view's field
// `dv->dv_dict`, typed PyDictObject * and cast to PyObject * at the
// lookup. The same lookup on a PyObject * field, or on a parameter, is
// reported (a borrow passed into a comparison whose other operand can clear
// its container); through the cast the borrow has no container the
// comparison is known to change.
#include <Python.h>

typedef struct _dictobject PyDictObject;

typedef struct {
    PyObject_HEAD
    PyDictObject *dv_dict;
} dictviewobject;

int
dictitems_contains(dictviewobject *dv, PyObject *obj)
{
    PyObject *key, *value, *found;
    if (dv->dv_dict == NULL)
        return 0;
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 2)
        return 0;
    key = PyTuple_GET_ITEM(obj, 0);
    value = PyTuple_GET_ITEM(obj, 1);
    found = PyDict_GetItem((PyObject *)dv->dv_dict, key);
    if (found == NULL) {
        if (PyErr_Occurred())
            return -1;
        return 0;
    }
    return PyObject_RichCompareBool(value, found, Py_EQ); // expect-warning[MOJO-BOR-206] {{'found'}} xfail(#30): the dict is the field dv->dv_dict, typed PyDictObject * and cast to PyObject * at the lookup: through the cast the borrow from PyDict_GetItem has no container the comparison is known to change (the same code on a PyObject * field or a parameter is reported)
}

/* After the fix (bpo-27945). */
int
dictitems_contains_fixed(dictviewobject *dv, PyObject *obj)
{
    int result;
    PyObject *key, *value, *found;
    if (dv->dv_dict == NULL)
        return 0;
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != 2)
        return 0;
    key = PyTuple_GET_ITEM(obj, 0);
    value = PyTuple_GET_ITEM(obj, 1);
    found = PyDict_GetItem((PyObject *)dv->dv_dict, key);
    if (found == NULL) {
        if (PyErr_Occurred())
            return -1;
        return 0;
    }
    Py_INCREF(found);
    result = PyObject_RichCompareBool(value, found, Py_EQ);
    Py_DECREF(found);
    return result;
}
