/*
 * A helper puts the objects it was lent into a plain struct its caller
 * keeps on the stack (a finder, a parse state): what the caller lent goes
 * back into the caller's own struct, so the helper borrows them, and the
 * caller's own references stay its own to release. A helper that pays
 * for what it keeps with Py_INCREF borrows too.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject *md;
	PyObject *identity;
	Py_hash_t hash;
} finder_t;

static int init_finder(PyObject *md, PyObject *identity, finder_t *f)
{
	f->md = md;
	f->identity = identity;
	f->hash = PyObject_Hash(identity);
	if (f->hash == -1)
		return -1;
	return 0;
}

int get_all(PyObject *md, PyObject *key, PyObject **ret)
{
	finder_t f = {0};
	*ret = NULL;
	PyObject *identity = PyObject_Str(key);
	if (identity == NULL)
		return -1;
	if (init_finder(md, identity, &f) < 0) {
		Py_DECREF(identity);
		return -1;
	}
	*ret = PyList_New(0);
	Py_DECREF(identity);
	return *ret != NULL;
}

typedef struct {
	PyObject *callback;
} state_t;

static void set_callback(state_t *st, PyObject *cb)
{
	st->callback = cb;
	Py_INCREF(cb);
}

void clear_state(state_t *st)
{
	Py_CLEAR(st->callback);
}

int start(state_t *st, PyObject *cb)
{
	set_callback(st, cb);
	return 0;
}
