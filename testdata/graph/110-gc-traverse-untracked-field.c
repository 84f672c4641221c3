// A GC type whose fields hold instances of other types of the module:
// tp_traverse need not visit one whose type the collector never tracks
// (no Py_TPFLAGS_HAVE_GC, and no Py_TPFLAGS_BASETYPE through which a
// Python subclass could have it): such an object is in no cycle the
// collector can find (woosh's Tokenizer and its woosh.Type fields, C
// round 124). It must visit one whose type is GC, or may be subclassed.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *name;
} KindObject;

typedef struct {
	PyObject_HEAD
	PyObject *items;
} BagObject;

typedef struct {
	PyObject_HEAD
	KindObject *kind;   // a Kind: never tracked, need not be visited
	BagObject *bag;     // a Bag: subclassable, may be tracked
	PyObject *callback; // any object
} LexerObject;

static void Kind_dealloc(PyObject *self)
{
	Py_XDECREF(((KindObject *)self)->name);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject KindType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Kind",
	.tp_basicsize = sizeof(KindObject),
	.tp_dealloc = Kind_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
};

static void Bag_dealloc(PyObject *self)
{
	Py_XDECREF(((BagObject *)self)->items);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject BagType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Bag",
	.tp_basicsize = sizeof(BagObject),
	.tp_dealloc = Bag_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
};

static int Lexer_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	LexerObject *lx = (LexerObject *)self;
	KindObject *kind;
	BagObject *bag;
	PyObject *cb;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "O!O!O", &KindType, &kind, &BagType, &bag,
			      &cb))
		return -1;
	Py_INCREF(kind);
	Py_XSETREF(lx->kind, kind);
	Py_INCREF(bag);
	Py_XSETREF(lx->bag, bag);
	Py_XSETREF(lx->callback, Py_NewRef(cb));
	return 0;
}

static int Lexer_traverse(PyObject *self, visitproc visit, void *arg) // expect-warning[MOJO-OWN-110] {{does not visit field 'bag'}}
{
	Py_VISIT(((LexerObject *)self)->callback);
	return 0;
}

static int Lexer_clear(PyObject *self)
{
	LexerObject *lx = (LexerObject *)self;
	Py_CLEAR(lx->kind);
	Py_CLEAR(lx->bag);
	Py_CLEAR(lx->callback);
	return 0;
}

static void Lexer_dealloc(PyObject *self)
{
	PyObject_GC_UnTrack(self);
	Lexer_clear(self);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject LexerType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Lexer",
	.tp_basicsize = sizeof(LexerObject),
	.tp_dealloc = Lexer_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
	.tp_traverse = Lexer_traverse,
	.tp_clear = Lexer_clear,
	.tp_init = Lexer_init,
};
