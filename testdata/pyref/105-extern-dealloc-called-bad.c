/*
 * As 105-extern-dealloc-called-good.c, but one error exit forgets to call
 * the deallocator: the object is leaked there.
 */
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
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'q' from '_typeobject.tp_alloc' is leaked on the error exit}}
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
