// As 110-ok-static-type-param.c, but one call of the maker hands it a type
// it was given (any type, a heap type that can be collected): the field
// holds more than static objects, and tp_traverse must visit it.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *obj;
	PyTypeObject *itertype;
} ViewObject;

static PyTypeObject KeysIter_Type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.KeysIter",
	.tp_basicsize = sizeof(PyObject),
};

static PyTypeObject ValuesIter_Type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.ValuesIter",
	.tp_basicsize = sizeof(PyObject),
};

static int View_clear(ViewObject *v)
{
	Py_CLEAR(v->obj);
	Py_CLEAR(v->itertype);
	return 0;
}

static void View_dealloc(ViewObject *v)
{
	PyObject_GC_UnTrack(v);
	(void)View_clear(v);
	PyObject_GC_Del(v);
}

static int View_traverse(ViewObject *v, visitproc visit, void *arg) // expect-warning[MOJO-OWN-110] {{tp_traverse 'View_traverse' of GC type 'm.View' does not visit field 'itertype', which owns a new reference from 'Py_INCREF'}}
{
	Py_VISIT(v->obj);
	return 0;
}

PyTypeObject View_Type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.View",
	.tp_basicsize = sizeof(ViewObject),
	.tp_dealloc = (destructor)View_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
	.tp_traverse = (traverseproc)View_traverse,
	.tp_clear = (inquiry)View_clear,
};

static PyObject *view_new(PyObject *o, PyTypeObject *itertype)
{
	ViewObject *v = PyObject_GC_New(ViewObject, &View_Type);
	if (v == NULL)
		return NULL;
	Py_INCREF(o);
	v->obj = o;
	Py_INCREF(itertype);
	v->itertype = itertype;
	PyObject_GC_Track(v);
	return (PyObject *)v;
}

PyObject *keys(PyObject *o)
{
	return view_new(o, &KeysIter_Type);
}

PyObject *values(PyObject *o)
{
	return view_new(o, (PyTypeObject *)&ValuesIter_Type);
}

PyObject *any_view(PyObject *o, PyTypeObject *tp)
{
	return view_new(o, tp);
}
