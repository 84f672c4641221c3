// A GC view keeps the type object its maker is handed, and every call of
// that static maker hands it a static type of the module (immutables'
// `map_baseview_new(.., &_MapKeysIter_Type)`): the field only ever holds
// static objects, never freed nor collected, so tp_traverse need not
// visit it. No findings.
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

static int View_traverse(ViewObject *v, visitproc visit, void *arg)
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
// expect-no-diagnostics
