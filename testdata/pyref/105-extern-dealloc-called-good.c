/*
 * A deallocator with external linkage that the file calls itself on an
 * object it could not finish (py-tree-sitter's `query_new`: `error:
 * query_dealloc(query); return NULL;`): the deallocator frees its
 * argument with tp_free, so the object is not leaked on that exit.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct TSQuery TSQuery;
void ts_query_delete(TSQuery *);
TSQuery *ts_query_new(const char *);

typedef struct {
	PyObject_HEAD
	TSQuery *query;
	PyObject *items;
} Query;

void query_dealloc(Query *self)
{
	if (self->query)
		ts_query_delete(self->query);
	Py_XDECREF(self->items);
	Py_TYPE(self)->tp_free(self);
}

PyObject *query_new(PyTypeObject *cls, PyObject *args, PyObject *kw)
{
	Query *q = (Query *)cls->tp_alloc(cls, 0);
	if (q == NULL)
		return NULL;
	q->query = ts_query_new("x");
	q->items = NULL;
	if (!q->query)
		goto error;
	q->items = PyList_New(4);
	if (q->items == NULL)
		goto error;
	return (PyObject *)q;
error:
	query_dealloc(q);
	return NULL;
}

static PyType_Slot query_slots[] = {
	{Py_tp_dealloc, query_dealloc},
	{Py_tp_new, query_new},
	{0, NULL},
};
