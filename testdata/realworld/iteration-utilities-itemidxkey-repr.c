// From iteration_utilities (MSeifert04/iteration_utilities)
// src/_itemidxkey.c, itemidxkey_repr, as of the parent of commit cbba7d1
// (https://github.com/MSeifert04/iteration_utilities/commit/cbba7d1, 2017,
// "fixed potential segfault in ItemIdxKey.__repr__", released in 0.5.0).
// The object's `key` field is handed to PyUnicode_FromFormat without a
// reference of its own, after the `item` field in the argument list. The
// %R conversions run in order: the item's __repr__ runs first and may
// assign `iik.key = ...` through the `key` property; the setter releases
// the old key, and PyUnicode_FromFormat then calls repr on the freed
// object (the list_richcompare shape, MOJO-BOR-206). The fix takes a
// reference to the key around the call, with a comment giving exactly this
// reason. itemidxkey_repr is verbatim (made non-static); so are the struct,
// the `item` and `key` setters and the type's PyGetSetDef table (the
// getters and the `idx` property declared), which are what let Python code
// assign the fields while the conversion runs. The tool reports it where
// the call begins.
#include <Python.h>

typedef struct {
    PyObject_HEAD
    PyObject *item;
    PyObject *key;
    Py_ssize_t idx;
} PyIUObject_ItemIdxKey;

PyTypeObject PyIUType_ItemIdxKey;

/* Not in the stub headers. */
int Py_ReprEnter(PyObject *);
void Py_ReprLeave(PyObject *);
int PyObject_IsInstance(PyObject *, PyObject *);

#define PyIU_ItemIdxKey_Check(obj) PyObject_IsInstance(obj, (PyObject*) &PyIUType_ItemIdxKey)

PyObject *itemidxkey_getitem(PyIUObject_ItemIdxKey *self, void *closure);
PyObject *itemidxkey_getidx(PyIUObject_ItemIdxKey *self, void *closure);
int itemidxkey_setidx(PyIUObject_ItemIdxKey *self, PyObject *o, void *closure);
PyObject *itemidxkey_getkey(PyIUObject_ItemIdxKey *self, void *closure);

PyObject *
itemidxkey_repr(PyIUObject_ItemIdxKey *self)
{
    PyObject *repr;
    int ok;

    ok = Py_ReprEnter((PyObject*)self);
    if (ok != 0) {
        return ok > 0 ? PyUnicode_FromString("...") : NULL;
    }

    if (self->key == NULL) {
        repr = PyUnicode_FromFormat("%s(item=%R, idx=%zd)",
                                    Py_TYPE(self)->tp_name,
                                    self->item, self->idx);
    } else {
        repr = PyUnicode_FromFormat("%s(item=%R, idx=%zd, key=%R)", // expect-warning[MOJO-BOR-206] {{'self->key' is passed to 'PyUnicode_FromFormat', which can call a user `__repr__` (an earlier unit) that assigns the field through its setter 'itemidxkey_setkey' and frees the object the call is using; take a reference first}}
                                    Py_TYPE(self)->tp_name,
                                    self->item, self->idx, self->key);
    }
    Py_ReprLeave((PyObject *)self);
    return repr;
}

static int
itemidxkey_setitem(PyIUObject_ItemIdxKey *self,
                   PyObject *o,
                   void *closure)
{
    if (o == NULL) {
        PyErr_Format(PyExc_TypeError, "cannot delete `item`.");
        return -1;
    } else if (PyIU_ItemIdxKey_Check(o)) {
        PyErr_Format(PyExc_TypeError, "cannot use `ItemIdxKey` instance as `item`.");
        return -1;
    }
    Py_DECREF(self->item);
    Py_INCREF(o);
    self->item = o;
    return 0;
}

static int
itemidxkey_setkey(PyIUObject_ItemIdxKey *self,
                  PyObject *o,
                  void *closure)
{
    if (o != NULL && PyIU_ItemIdxKey_Check(o)) {
        PyErr_Format(PyExc_TypeError, "cannot use `ItemIdxKey` instance as `key`.");
        return -1;
    }
    Py_XDECREF(self->key);
    Py_XINCREF(o);
    self->key = o;
    return 0;
}

static PyGetSetDef itemidxkey_getsetlist[] = {
    {"item", (getter)itemidxkey_getitem, (setter)itemidxkey_setitem, NULL},
    {"idx",  (getter)itemidxkey_getidx,  (setter)itemidxkey_setidx,  NULL},
    {"key",  (getter)itemidxkey_getkey,  (setter)itemidxkey_setkey,  NULL},
    {NULL}
};
