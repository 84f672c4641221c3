/*
 * A helper of the file whose every return is a value that is not
 * negative, with no exception set (multidict's `_md_del_at`, whose only
 * return is `return 0;`): its callers' `if (helper(..) < 0)` error
 * branches cannot be taken, and what they would leak is not reported.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject *key, *value;
} entry_t;

typedef struct {
	PyObject_HEAD
	Py_ssize_t used;
} table_t;

static inline int del_at(table_t *t, entry_t *e)
{
	Py_CLEAR(e->key);
	Py_CLEAR(e->value);
	t->used -= 1;
	return 0;
}

static int is_empty(table_t *t)
{
	return t->used == 0;
}

PyObject *pop_item(table_t *t, entry_t *e)
{
	PyObject *ret = PyTuple_Pack(2, e->key, e->value);
	if (ret == NULL)
		return NULL;
	if (del_at(t, e) < 0)
		return NULL;
	if (is_empty(t) < 0)
		return NULL;
	return ret;
}
