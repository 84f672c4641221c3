// A GC view keeps a reference to a static type object (one defined in the
// module, never freed nor collected): its tp_traverse need not visit that
// field, and a teardown that forgets it leaks nothing. No findings.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *obj;
	PyTypeObject *itertype;
} ViewObject;

typedef struct {
	PyObject_HEAD
	PyObject *kind;
} TagObject;

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

PyObject *view_new(PyObject *o, int values)
{
	ViewObject *v = PyObject_GC_New(ViewObject, &View_Type);
	if (v == NULL)
		return NULL;
	Py_INCREF(o);
	v->obj = o;
	if (values) {
		Py_INCREF(&ValuesIter_Type);
		v->itertype = &ValuesIter_Type;
	} else {
		Py_INCREF(&KeysIter_Type);
		v->itertype = &KeysIter_Type;
	}
	PyObject_GC_Track(v);
	return (PyObject *)v;
}

// A tag holding Py_None only: its teardown need not release it.
static void Tag_dealloc(TagObject *t)
{
	PyObject_Free(t);
}

PyTypeObject Tag_Type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Tag",
	.tp_basicsize = sizeof(TagObject),
	.tp_dealloc = (destructor)Tag_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
};

PyObject *tag_new(void)
{
	TagObject *t = PyObject_New(TagObject, &Tag_Type);
	if (t == NULL)
		return NULL;
	t->kind = Py_NewRef(Py_None);
	return (PyObject *)t;
}
// expect-no-diagnostics
