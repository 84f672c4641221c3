// From multidict (aio-libs/multidict) multidict/_multilib/hashtable.h,
// md_update_from_ht, as of the parent of commit a3810c47 ("Fix
// use-after-free / OOB from borrowed table pointers in bulk updates",
// https://github.com/aio-libs/multidict/pull/1379, issue
// https://github.com/aio-libs/multidict/issues/1398): `entries` points
// into other->keys and each entry's key and value are borrowed from it,
// while the loop inserts into md. When md is other (`d.extend(d)`), an
// insert that grows the table frees the array the loop still reads
// (the container itself is mutated during the borrow); md_calc_identity
// can also run a str subclass's `lower()` between the reads. The fix
// reserves room up front and snapshots the entry count. multidict's
// types are in multidict-types.h; the function is verbatim (made
// non-static so it is analyzed on its own).
#include <Python.h>
#include "multidict-types.h"

typedef enum _UpdateOp {
    Extend,
    Update,
    Merge,
} UpdateOp;

Py_hash_t _unicode_hash(PyObject *o);
PyObject *md_calc_identity(MultiDictObject *md, PyObject *key);
PyObject *md_calc_key(MultiDictObject *md, PyObject *key, PyObject *identity);
int _md_add_with_hash(MultiDictObject *md, Py_hash_t hash, PyObject *identity,
                      PyObject *key, PyObject *value);
int _md_update(MultiDictObject *md, Py_hash_t hash, PyObject *identity,
               PyObject *key, PyObject *value);
int _md_merge(MultiDictObject *md, Py_hash_t hash, PyObject *identity,
              PyObject *key, PyObject *value);

int
md_update_from_ht(MultiDictObject *md, MultiDictObject *other, UpdateOp op)
{
    Py_ssize_t pos;
    Py_hash_t hash;
    PyObject *identity = NULL;
    PyObject *key = NULL;
    bool recalc_identity = md->is_ci != other->is_ci;

    if (other->used == 0) {
        return 0;
    }

    entry_t *entries = htkeys_entries(other->keys);

    for (pos = 0; pos < other->keys->nentries; pos++) {
        entry_t *entry = entries + pos;
        if (entry->identity == NULL) { // expect-warning[MOJO-BOR-207] {{'entry->identity'}} xfail(#13): the entries array of a hash table an object owns (`entry_t *` into other->keys) is reached through the file's helper htkeys_entries, a pointer a call returns (storage borrows are items read through a field of the object itself, `self->items[i]`), and the insert that resizes it is the file's own helper (_md_add_with_hash), not a known mutation of the owner
            continue;
        }
        if (recalc_identity) {
            identity = md_calc_identity(md, entry->key);
            if (identity == NULL) {
                goto fail;
            }
            hash = _unicode_hash(identity);
            if (hash == -1) {
                goto fail;
            }
            /* materialize key */
            key = md_calc_key(other, entry->key, identity);
            if (key == NULL) {
                goto fail;
            }
        } else {
            identity = entry->identity;
            hash = entry->hash;
            key = entry->key;
        }
        switch (op) {
            case Update:
                if (_md_update(md, hash, identity, key, entry->value) < 0) {
                    goto fail;
                }
                break;
            case Extend:
                if (_md_add_with_hash(md, hash, identity, key, entry->value) <
                    0) {
                    goto fail;
                }
                break;
            case Merge:
                if (_md_merge(md, hash, identity, key, entry->value) < 0) {
                    goto fail;
                }
                break;
        }
        if (recalc_identity) {
            Py_CLEAR(identity);
            Py_CLEAR(key);
        }
    }
    return 0;
fail:
    if (recalc_identity) {
        Py_CLEAR(identity);
        Py_CLEAR(key);
    }
    return -1;
}

