// As 110-ok-common-prefix-macro.c, with the structs in a header of the
// project (immutables' _map.h): the teardown and traverse release and
// visit `self->b_root` of the base struct, the storage of the map's
// h_root. No findings.
#include "110-ok-common-prefix-header.h"

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

static int map_init(MapObject *self, PyObject *args, PyObject *kwds)
{
	PyObject *arg = NULL;
	if (!PyArg_UnpackTuple(args, "Map", 0, 1, &arg))
		return -1;
	if (arg != NULL) {
		MapObject *other = (MapObject *)arg;
		Py_INCREF(other->h_root);
		Py_SETREF(self->h_root, other->h_root);
	}
	return 0;
}

PyTypeObject Map_Type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Map",
	.tp_basicsize = sizeof(MapObject),
	.tp_dealloc = (destructor)map_dealloc,
	.tp_traverse = (traverseproc)map_traverse,
	.tp_clear = (inquiry)map_clear,
	.tp_init = (initproc)map_init,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
};
// expect-no-diagnostics
