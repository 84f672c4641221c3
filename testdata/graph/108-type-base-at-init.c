// Subtypes whose tp_base is set in the module's init function, before
// PyType_Ready. TaggedHook's base is a GC type: PyType_Ready gives it
// Py_TPFLAGS_HAVE_GC and the base's tp_traverse and tp_clear (it sets none
// of the three itself), so it is GC-tracked although its own definition
// says nothing of GC. TaggedPlain's base has no GC support to pass on: it
// can own itself through 'tag'.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *callback;
} HookObject;

static int Hook_traverse(PyObject *self, visitproc visit, void *arg)
{
	Py_VISIT(((HookObject *)self)->callback);
	return 0;
}

static int Hook_clear(PyObject *self)
{
	Py_CLEAR(((HookObject *)self)->callback);
	return 0;
}

static void Hook_dealloc(PyObject *self)
{
	PyObject_GC_UnTrack(self);
	Hook_clear(self);
	Py_TYPE(self)->tp_free(self);
}

static int Hook_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	PyObject *cb;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "O", &cb))
		return -1;
	Py_XSETREF(((HookObject *)self)->callback, Py_NewRef(cb));
	return 0;
}

static PyTypeObject HookType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "ev.Hook",
	.tp_basicsize = sizeof(HookObject),
	.tp_dealloc = Hook_dealloc,
	.tp_traverse = Hook_traverse,
	.tp_clear = Hook_clear,
	.tp_init = Hook_init,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
};

// A base of plain C data: no GC support to pass on.
typedef struct {
	PyObject_HEAD
	long serial;
} PlainObject;

static PyTypeObject PlainType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "ev.Plain",
	.tp_basicsize = sizeof(PlainObject),
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
};

typedef struct {
	HookObject base;
	PyObject *tag;
} TaggedHookObject;

static int TaggedHook_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	PyObject *cb;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "O", &cb))
		return -1;
	Py_XSETREF(((TaggedHookObject *)self)->tag, Py_NewRef(cb));
	return 0;
}

static void TaggedHook_dealloc(PyObject *self)
{
	PyObject_GC_UnTrack(self);
	Py_CLEAR(((TaggedHookObject *)self)->tag);
	Hook_clear(self);
	Py_TYPE(self)->tp_free(self);
}

static PyTypeObject TaggedHookType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "ev.TaggedHook",
	.tp_basicsize = sizeof(TaggedHookObject),
	.tp_dealloc = TaggedHook_dealloc,
	.tp_init = TaggedHook_init,
	.tp_flags = Py_TPFLAGS_DEFAULT,
};

typedef struct {
	PlainObject base;
	PyObject *tag;
} TaggedPlainObject;

static int TaggedPlain_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	PyObject *tag;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "O", &tag))
		return -1;
	Py_XSETREF(((TaggedPlainObject *)self)->tag, Py_NewRef(tag));
	return 0;
}

static void TaggedPlain_dealloc(PyObject *self)
{
	Py_CLEAR(((TaggedPlainObject *)self)->tag);
	Py_TYPE(self)->tp_free(self);
}

static PyTypeObject TaggedPlainType = { // expect-note[MOJO-OWN-108] {{instances of type 'ev.TaggedPlain' can own themselves through 'tag' but the type is not GC-tracked (no Py_TPFLAGS_HAVE_GC)}}
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "ev.TaggedPlain",
	.tp_basicsize = sizeof(TaggedPlainObject),
	.tp_dealloc = TaggedPlain_dealloc,
	.tp_init = TaggedPlain_init,
	.tp_flags = Py_TPFLAGS_DEFAULT,
};

static struct PyModuleDef ev_def = {
	PyModuleDef_HEAD_INIT, .m_name = "ev", .m_size = -1,
};

PyObject *PyInit_ev(void)
{
	TaggedHookType.tp_base = &HookType;
	TaggedPlainType.tp_base = &PlainType;
	if (PyType_Ready(&HookType) < 0 || PyType_Ready(&PlainType) < 0 ||
	    PyType_Ready(&TaggedHookType) < 0 ||
	    PyType_Ready(&TaggedPlainType) < 0)
		return NULL;
	return PyModule_Create(&ev_def);
}
