/* The type object and tp_dealloc; the fields are set in shape_ops.c. */
#include "shape.h"

static void Shape_dealloc(PyObject *self)
{
	PyObject_GC_UnTrack(self);
	shape_clear(self);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject ShapeType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "geo.Shape",
	.tp_basicsize = sizeof(ShapeObject),
	.tp_dealloc = Shape_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
	.tp_traverse = shape_traverse,
	.tp_clear = shape_clear,
};

static void Left_dealloc(PyObject *self)
{
	Py_XDECREF(((LeftObject *)self)->right);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject LeftType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "geo.Left",
	.tp_basicsize = sizeof(LeftObject),
	.tp_dealloc = Left_dealloc,
};
