/* Field stores, tp_clear and tp_traverse of the type in shape_type.c. */
#include "shape.h"

int shape_set(PyObject *self, PyObject *name, PyObject *points)
{
	ShapeObject *s = (ShapeObject *)self;
	Py_XSETREF(s->name, Py_NewRef(name));
	Py_XSETREF(s->points, Py_NewRef(points));
	return 0;
}

int shape_traverse(PyObject *self, visitproc visit, void *arg)
{
	Py_VISIT(((ShapeObject *)self)->name);
	Py_VISIT(((ShapeObject *)self)->points);
	return 0;
}

int shape_clear(PyObject *self)
{
	Py_CLEAR(((ShapeObject *)self)->points);
	return 0;
}

static void Right_dealloc(PyObject *self)
{
	Py_XDECREF(((RightObject *)self)->left);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject RightType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "geo.Right",
	.tp_basicsize = sizeof(RightObject),
	.tp_dealloc = Right_dealloc,
};
