// From multidict (aio-libs/multidict) multidict/_multilib/hashtable.h,
// _md_ensure_key, as of commit 41c1b91 (before the fix of
// https://github.com/aio-libs/multidict/pull/1496, "Stop items()
// iteration from reading a freed entry in CIMultiDict"): Py_SETREF drops
// the entry's old key, which can run a str subclass's `__del__` that
// changes the dict and frees its table; `entry->key` is then read through
// the freed entry. (md_calc_key can also run a `__str__` while the
// entry's identity is only borrowed.) multidict's types are in
// multidict-types.h; the function is verbatim.
#include <Python.h>
#include <assert.h>
#include "multidict-types.h"

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
    return Py_NewRef(entry->key); // expect-warning[MOJO-BOR-206] {{'entry->key'}} xfail(#13): an entry of a hash table an object owns (`entry_t *` into md->keys) is reached through the file's helper htkeys_entries, a pointer a call returns: storage borrows are items read through a field of the object itself (`self->items[i]`, `node->value` with `node = self->head`), and a release through a field (Py_SETREF of entry->key) is not taken to run a finaliser
}
