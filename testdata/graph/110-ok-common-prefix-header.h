// The structs of 110-ok-common-prefix-header.c, in a header of the
// project: the base struct is no type's instance struct, and its fields
// are known from here.
#include <Python.h>

typedef struct {
	PyObject_HEAD
} MapNode;

#define MAP_COMMON_FIELDS(p)                                                \
	PyObject_HEAD                                                       \
	MapNode *p##_root;                                                  \
	PyObject *p##_weakreflist;                                          \
	Py_ssize_t p##_count;

typedef struct {
	MAP_COMMON_FIELDS(b)
} BaseMapObject;

typedef struct {
	MAP_COMMON_FIELDS(h)
	Py_hash_t h_hash;
} MapObject;
