// A queue of the project's own that carries a reference from push to
// shift: the node holds it, and shift reads it out of the node and frees
// the node, so what it returns is the caller's (nflogr's fifo_shift,
// whose callers' Py_DECREFs were read as releases of borrowed references:
// 4 false rows of C++ round 121).
#include <Python.h>
#include <stdlib.h>

// expect-no-diagnostics

typedef struct node {
	PyObject *o;
	struct node *next;
} node_t;

typedef struct {
	PyObject_HEAD
	node_t *head, *tail;
} QueueObject;

static int queue_push(QueueObject *q, PyObject *o)
{
	node_t *e = (node_t *)malloc(sizeof *e);
	if (!e) {
		PyErr_NoMemory();
		return -1;
	}
	e->o = o;
	e->next = NULL;
	if (q->tail) {
		q->tail->next = e;
		q->tail = e;
	} else {
		q->head = q->tail = e;
	}
	return 0;
}

static PyObject *queue_shift(QueueObject *q)
{
	if (!q->head)
		Py_RETURN_NONE;
	PyObject *o = q->head->o;
	node_t *next = q->head->next;
	free(q->head);
	if (next)
		q->head = next;
	else
		q->head = q->tail = NULL;
	return o;
}

static void queue_empty(QueueObject *q)
{
	for (;;) {
		PyObject *o = queue_shift(q);
		if (o == Py_None) {
			Py_DECREF(o);
			break;
		}
		Py_DECREF(o);
	}
}

PyObject *Queue_next(QueueObject *q, PyObject *unused)
{
	(void)unused;
	return queue_shift(q);
}

PyObject *Queue_put(QueueObject *q, PyObject *arg)
{
	PyObject *o = PyNumber_Long(arg);
	if (!o)
		return NULL;
	if (queue_push(q, o) < 0) {
		Py_DECREF(o);
		return NULL;
	}
	queue_empty(q);
	Py_RETURN_NONE;
}
