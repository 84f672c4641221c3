// From multidict (aio-libs/multidict) multidict/_multilib/hashtable.h,
// _md_ensure_key, as of commit 41c1b91 (before the fix of
// https://github.com/aio-libs/multidict/pull/1496, "Stop items()
// iteration from reading a freed entry in CIMultiDict"): Py_SETREF drops
// the entry's old key, which can run a str subclass's `__del__` that
// changes the dict and frees its table; `entry->key` is then read through
// the freed entry. (md_calc_key can also run a `__str__` while the
// entry's identity is only borrowed.) multidict's types are copied from
// dict.h and htkeys.h; the function is verbatim.
#include <Python.h>
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct mod_state mod_state;

typedef struct entry {
    Py_hash_t hash;
    PyObject *identity;
    PyObject *key;
    PyObject *value;
} entry_t;

typedef struct _htkeys {
    uint8_t log2_size;
    uint8_t log2_index_bytes;
    Py_ssize_t usable;
    Py_ssize_t nentries;
    char indices[];
} htkeys_t;

typedef struct {
    PyObject_HEAD
    PyObject *weaklist;
    mod_state *state;
    Py_ssize_t used;

    uint64_t version;
    bool is_ci;

    htkeys_t *keys;
} MultiDictObject;

static inline entry_t *
htkeys_entries(const htkeys_t *dk)
{
    int8_t *indices = (int8_t *)(dk->indices);
    size_t index = (size_t)1 << dk->log2_index_bytes;
    return (entry_t *)(&indices[index]);
}

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
    return Py_NewRef(entry->key); // expect-warning[MOJO-BOR-206] {{'entry->key'}} xfail(#13): an entry of a hash table an object owns (`entry_t *` into md->keys) is no tracked borrow of the object, and a release through a field (Py_SETREF of entry->key) is not taken to run a finaliser
}
