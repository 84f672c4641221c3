// A field that holds a static type object on one path and any object on
// another owns what it holds: its tp_traverse must visit it and its
// teardown release it.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *obj;
	PyObject *factory;
} ViewObject;

static PyTypeObject KeysIter_Type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.KeysIter",
	.tp_basicsize = sizeof(PyObject),
};

static int View_clear(ViewObject *v)
{
	Py_CLEAR(v->obj);
	return 0;
}

static void View_dealloc(ViewObject *v) // expect-warning[MOJO-OWN-110] {{field 'factory' of 'ViewObject' owns a new reference}}
{
	PyObject_GC_UnTrack(v);
	(void)View_clear(v);
	PyObject_GC_Del(v);
}

static int View_traverse(ViewObject *v, visitproc visit, void *arg) // expect-warning[MOJO-OWN-110] {{does not visit field 'factory'}}
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

PyObject *view_new(PyObject *o, PyObject *factory)
{
	ViewObject *v = PyObject_GC_New(ViewObject, &View_Type);
	if (v == NULL)
		return NULL;
	Py_INCREF(o);
	v->obj = o;
	if (factory == NULL) {
		Py_INCREF(&KeysIter_Type);
		v->factory = (PyObject *)&KeysIter_Type;
	} else {
		Py_INCREF(factory);
		v->factory = factory;
	}
	PyObject_GC_Track(v);
	return (PyObject *)v;
}
