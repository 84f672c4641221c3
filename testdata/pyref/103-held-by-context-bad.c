/*
 * What another holder keeps is not ours to release twice, and a helper
 * that also returns objects nobody else keeps tells its callers nothing:
 * a use after the release of such a result is reported.
 */
#include <Python.h>

typedef struct {
	PyObject_HEAD
	int prec;
} Ctxt;

static PyObject *current_var;
static PyTypeObject Ctxt_Type;

PyObject *released_twice(void)
{
	PyObject *ctx;
	if (PyContextVar_Get(current_var, NULL, &ctx) < 0 || ctx == NULL)
		return NULL;
	Py_DECREF(ctx);
	Py_DECREF(ctx); // expect-error[MOJO-OWN-104] {{new reference 'ctx' from 'PyContextVar_Get' is released twice}}
	Py_RETURN_NONE;
}

static PyObject *ctxt_maybe_fresh(int fresh)
{
	PyObject *ctx;
	if (fresh)
		return PyObject_New(PyObject, &Ctxt_Type);
	if (PyContextVar_Get(current_var, NULL, &ctx) < 0)
		return NULL;
	return ctx;
}

PyObject *use_after_release(PyObject *self, PyObject *arg)
{
	(void)self;
	Ctxt *context = (Ctxt *)ctxt_maybe_fresh(arg == Py_True);
	if (context == NULL)
		return NULL;
	Py_DECREF(context);
	return PyLong_FromLong(context->prec); // expect-error[MOJO-OWN-103] {{new reference 'context' from 'ctxt_maybe_fresh' is dereferenced after it was released}}
}
