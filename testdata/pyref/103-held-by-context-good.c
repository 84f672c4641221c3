/*
 * A context variable keeps its value: a new reference from
 * PyContextVar_Get, or to an object just given to PyContextVar_Set, may
 * be dropped at once and the object used as a borrow (gmpy2's
 * CHECK_CONTEXT). A helper whose every new reference is to such an
 * object says so to its callers.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	int prec;
} Ctxt;

static PyObject *current_var;
static PyTypeObject Ctxt_Type;

static PyObject *ctxt_get(void)
{
	PyObject *ctx;
	if (PyContextVar_Get(current_var, NULL, &ctx) < 0)
		return NULL;
	if (ctx != NULL)
		return ctx;
	ctx = PyObject_New(PyObject, &Ctxt_Type);
	if (ctx == NULL)
		return NULL;
	((Ctxt *)ctx)->prec = 53;
	PyObject *tok = PyContextVar_Set(current_var, ctx);
	if (tok == NULL) {
		Py_DECREF(ctx);
		return NULL;
	}
	Py_DECREF(tok);
	return ctx;
}

PyObject *get_prec(PyObject *self, PyObject *unused)
{
	(void)self;
	(void)unused;
	Ctxt *context = (Ctxt *)ctxt_get();
	if (context == NULL)
		return NULL;
	Py_DECREF(context); // the context variable keeps it
	return PyLong_FromLong(context->prec);
}
