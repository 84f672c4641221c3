/*
 * A teardown of many Py_CLEAR / Py_XDECREF on distinct fields is one path
 * per field state, not 2^n: once a field is cleared and no later code
 * mentions it, whether it was NULL before no longer matters, and the
 * states merge (engine/fieldlive.c). The function is checked to its end:
 * the leak after the sequence is found, the function gets a summary its
 * callers use (a double release through it is found), and no "budget"
 * notice is made (the CLI test budget/clear-sequence-no-budget checks
 * that).
 */
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *a, *b, *c, *d, *e, *f, *g, *h, *i;
	PyObject *cache;
} NineObject;

// Nine Py_CLEARs (2^9 = 512 states at the last block before the fix,
// over the 256-state budget), then a real leak.
static int nine_clear(NineObject *self)
{
	Py_CLEAR(self->a);
	Py_CLEAR(self->b);
	Py_CLEAR(self->c);
	Py_CLEAR(self->d);
	Py_CLEAR(self->e);
	Py_CLEAR(self->f);
	Py_CLEAR(self->g);
	Py_CLEAR(self->h);
	Py_CLEAR(self->i);
	PyObject *t = PyLong_FromLong(1001);
	if (t == NULL)
		return -1;
	return 0; // expect-warning[MOJO-OWN-101] {{new reference 't' from 'PyLong_FromLong' is never released}}
}

// The same with Py_XDECREF (no branch: one path before and after), then a
// leak on the error exit.
static int nine_xdecref(NineObject *self, PyObject *arg)
{
	Py_XDECREF(self->a);
	Py_XDECREF(self->b);
	Py_XDECREF(self->c);
	Py_XDECREF(self->d);
	Py_XDECREF(self->e);
	Py_XDECREF(self->f);
	Py_XDECREF(self->g);
	Py_XDECREF(self->h);
	Py_XDECREF(self->i);
	PyObject *t = PyObject_Str(arg);
	if (t == NULL)
		return -1;
	if (PyObject_SetAttrString(arg, "s", t) < 0)
		return -1; // expect-warning[MOJO-OWN-105] {{new reference 't' from 'PyObject_Str' is leaked on the error exit}}
	Py_DECREF(t);
	return 0;
}

// A field the code tests again after the sequence keeps what the path
// knows of it: a cache cleared only when set, then refilled when empty.
static int clear_then_refill(NineObject *self)
{
	Py_CLEAR(self->a);
	Py_CLEAR(self->b);
	Py_CLEAR(self->c);
	Py_CLEAR(self->d);
	Py_CLEAR(self->e);
	Py_CLEAR(self->f);
	Py_CLEAR(self->g);
	Py_CLEAR(self->h);
	Py_CLEAR(self->i);
	if (self->cache == NULL) {
		self->cache = PyLong_FromLong(1003);
		if (self->cache == NULL)
			return -1;
	}
	PyObject *t = PyLong_FromLong(1004);
	if (t == NULL)
		return -1;
	return 0; // expect-warning[MOJO-OWN-101] {{new reference 't' from 'PyLong_FromLong' is never released}}
}

// A helper that clears every field, then releases the reference it was
// given: its summary says so only when its analysis was complete.
static void reset_and_drop(NineObject *self, PyObject *old)
{
	Py_CLEAR(self->a);
	Py_CLEAR(self->b);
	Py_CLEAR(self->c);
	Py_CLEAR(self->d);
	Py_CLEAR(self->e);
	Py_CLEAR(self->f);
	Py_CLEAR(self->g);
	Py_CLEAR(self->h);
	Py_CLEAR(self->i);
	Py_DECREF(old);
}

PyObject *reset(PyObject *op, PyObject *arg)
{
	PyObject *s = PyObject_Str(arg);
	if (s == NULL)
		return NULL;
	reset_and_drop((NineObject *)op, s);
	Py_DECREF(s); // expect-error[MOJO-OWN-104] {{released twice}}
	Py_RETURN_NONE;
}
