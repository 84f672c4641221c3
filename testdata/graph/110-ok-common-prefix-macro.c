// Two object structs built from one macro of common fields (names with
// different prefixes): the type's teardown and traverse work through the
// base struct (`self->b_root`), the same storage as the map's h_root.
// No findings.
#include <Python.h>

#define COMMON_FIELDS(p)                                                    \
	PyObject_HEAD                                                       \
	PyObject *p##_root;                                                 \
	Py_ssize_t p##_count;

typedef struct {
	COMMON_FIELDS(b)
} BaseMapObject;

typedef struct {
	COMMON_FIELDS(h)
	Py_hash_t h_hash;
} MapObject;

static int map_clear(BaseMapObject *self)
{
	Py_CLEAR(self->b_root);
	return 0;
}

static int map_traverse(BaseMapObject *self, visitproc visit, void *arg)
{
	Py_VISIT(self->b_root);
	return 0;
}

static void map_dealloc(BaseMapObject *self)
{
	PyObject_GC_UnTrack(self);
	(void)map_clear(self);
	Py_TYPE(self)->tp_free(self);
}

static int map_init(MapObject *self, PyObject *args, PyObject *kw)
{
	PyObject *other;
	(void)kw;
	if (!PyArg_ParseTuple(args, "O", &other))
		return -1;
	Py_INCREF(other);
	Py_SETREF(self->h_root, other);
	return 0;
}

PyTypeObject Map_Type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Map",
	.tp_basicsize = sizeof(MapObject),
	.tp_dealloc = (destructor)map_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
	.tp_traverse = (traverseproc)map_traverse,
	.tp_clear = (inquiry)map_clear,
	.tp_init = (initproc)map_init,
	.tp_new = PyType_GenericNew,
};
// expect-no-diagnostics
