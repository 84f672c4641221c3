// multidict's (aio-libs/multidict) hash table types, copied from
// multidict/_multilib/dict.h and htkeys.h, shared by the multidict cases in
// this directory: an entry array follows the index array in one block
// that the MultiDictObject owns and frees when the table is resized.
#ifndef MULTIDICT_TYPES_H
#define MULTIDICT_TYPES_H
#include <Python.h>
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

#endif
