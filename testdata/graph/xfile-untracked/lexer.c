// m.Lexer, a GC type holding a Kind, whose structure this file leaves
// opaque: its tp_traverse need not visit it (kind.c says the collector
// never tracks a Kind). It must visit its callback.
#include <Python.h>

typedef struct KindObject KindObject;
extern PyTypeObject KindType;

typedef struct {
	PyObject_HEAD
	KindObject *kind;
	PyObject *callback;
} LexerObject;

static int Lexer_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	LexerObject *lx = (LexerObject *)self;
	KindObject *kind;
	PyObject *cb;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "O!O", &KindType, &kind, &cb))
		return -1;
	Py_INCREF(kind);
	Py_XSETREF(lx->kind, kind);
	Py_XSETREF(lx->callback, Py_NewRef(cb));
	return 0;
}

static int Lexer_traverse(PyObject *self, visitproc visit, void *arg)
{
	(void)visit;
	(void)arg;
	(void)self;
	return 0;
}

static int Lexer_clear(PyObject *self)
{
	LexerObject *lx = (LexerObject *)self;
	Py_CLEAR(lx->kind);
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
