// From multidict (aio-libs/multidict) multidict/_multilib/hashtable.h,
// md_next, as of commit 41c1b91 (before the fix of
// https://github.com/aio-libs/multidict/pull/1496, "Stop items()
// iteration from reading a freed entry in CIMultiDict"). `entry` points
// into md->keys; _md_ensure_key can run Python code (a str subclass's
// `__del__` when the old key is dropped, its `__str__` when the istr is
// built) that changes the dict and frees the table, and md_next then reads
// `entry->value` through the freed entry. The fix: "md_next(), md_prev() and
// both finders read the value before the key, so the decrefs are the last
// access to the entry". This is a second site of that fix, next to
// _md_ensure_key's own read of entry->key (multidict-ensure-key.c).
// multidict's types are in multidict-types.h; md_pos_t is copied from
// hashtable.h; _md_ensure_key and md_next are verbatim (made non-static).
#include <Python.h>
#include <assert.h>
#include "multidict-types.h"

typedef struct _md_pos {
    Py_ssize_t pos;
    uint64_t version;
} md_pos_t;

PyObject *md_calc_key(MultiDictObject *md, PyObject *key, PyObject *identity);

PyObject *
_md_ensure_key(MultiDictObject *md, entry_t *entry)
{
    assert(entry >= htkeys_entries(md->keys));
    assert(entry < htkeys_entries(md->keys) + md->keys->nentries);
    PyObject *key = md_calc_key(md, entry->key, entry->identity);
    if (key == NULL) {
        return NULL;
    }
    if (key != entry->key) {
        Py_SETREF(entry->key, key);
    } else {
        Py_CLEAR(key);
    }
    return Py_NewRef(entry->key);
}

int
md_next(MultiDictObject *md, md_pos_t *pos, PyObject **pidentity,
        PyObject **pkey, PyObject **pvalue)
{
    int ret = 0;

    if (pos->version != md->version) {
        PyErr_SetString(PyExc_RuntimeError,
                        "MultiDict is changed during iteration");
        ret = -1;
        goto cleanup;
    }

    if (pos->pos >= md->keys->nentries) {
        goto cleanup;
    }

    entry_t *entries = htkeys_entries(md->keys);
    entry_t *entry = entries + pos->pos;

    while (entry->identity == NULL) {
        pos->pos += 1;
        if (pos->pos >= md->keys->nentries) {
            goto cleanup;
        }
        entry += 1;
    }

    if (pidentity) {
        *pidentity = Py_NewRef(entry->identity);
    }

    if (pkey) {
        assert(entry->key != NULL);
        *pkey = _md_ensure_key(md, entry);
        if (*pkey == NULL) {
            assert(PyErr_Occurred());
            ret = -1;
            goto cleanup;
        }
    }
    if (pvalue) {
        *pvalue = Py_NewRef(entry->value); // expect-warning[MOJO-BOR-206] {{'entry->value'}} xfail(#13): an entry of a hash table an object owns (`entry_t *` into md->keys) is reached through the file's helper htkeys_entries, a pointer a call returns, and used itself after the call (`entry->value`): storage borrows are items read through a field of the object itself (`self->items[i]`, `node->value` with `node = self->head`), so the Python code _md_ensure_key may run (the old key's release in Py_SETREF, md_calc_key) does not invalidate it
    }

    ++pos->pos;
    return 1;
cleanup:
    if (pidentity) {
        *pidentity = NULL;
    }
    if (pkey) {
        *pkey = NULL;
    }
    if (pvalue) {
        *pvalue = NULL;
    }
    return ret;
}
