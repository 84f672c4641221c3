// A helper that puts its caller's list in the first frame of a parse
// stack kept in a struct on its own stack (`ctx.frames =
// ctx.inline_frames`) only lends it there: nothing is stolen, and the
// caller that returns a new reference to its list and releases its own
// (a cleanup attribute) releases nothing twice. Reduced from portage's
// src/dep_parser.c (py_parse() and dep_parse()).
#include <Python.h>

static inline void py_decref_p(PyObject **p) { Py_XDECREF(*p); }
#define AUTO_PY __attribute__((cleanup(py_decref_p))) PyObject *

typedef struct {
	PyObject *list;
	PyObject *op;
} Frame;

typedef struct {
	Frame inline_frames[8];
	Frame *frames;
	int depth;
} Ctx;

typedef struct {
	void *ctx;
	int (*on_item)(void *, const char *);
} Visitor;

static int on_item(void *vctx, const char *s)
{
	Ctx *ctx = vctx;
	PyObject *item = PyUnicode_FromString(s);
	if (!item)
		return 0;
	int rc = PyList_Append(ctx->frames[ctx->depth - 1].list, item);
	Py_DECREF(item);
	return rc == 0;
}

extern int scan(const char *s, Visitor *v);

static int parse(const char *s, PyObject *result)
{
	Ctx ctx = {.depth = 1};
	ctx.frames = ctx.inline_frames;
	ctx.frames[0].list = result; /* the caller's */
	ctx.frames[0].op = NULL;
	Visitor v = {.ctx = &ctx, .on_item = on_item};
	if (!scan(s, &v)) {
		for (int i = 1; i < ctx.depth; i++) {
			Py_XDECREF(ctx.frames[i].op);
			Py_XDECREF(ctx.frames[i].list);
		}
		return 0;
	}
	return 1;
}

PyObject *py_parse(PyObject *self, PyObject *arg)
{
	(void)self;
	const char *s = PyUnicode_AsUTF8(arg);
	if (!s)
		return NULL;
	AUTO_PY result = PyList_New(0);
	if (!result)
		return NULL;
	if (!parse(s, result)) {
		if (!PyErr_Occurred())
			PyErr_SetString(PyExc_ValueError, "parse error");
		return NULL;
	}
	return Py_NewRef(result);
}
// expect-no-diagnostics
