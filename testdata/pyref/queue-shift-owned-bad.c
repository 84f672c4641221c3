// A queue whose shift frees the node it read the reference out of (see
// queue-shift-owned-good.c) returns that reference: its caller owns it.
// One that leaves the node in place returns a borrowed one.
#include <Python.h>
#include <stdlib.h>

typedef struct node {
	PyObject *o;
	struct node *next;
} node_t;

typedef struct {
	PyObject_HEAD
	node_t *head;
} QueueObject;

static PyObject *queue_shift(QueueObject *q)
{
	if (!q->head)
		return NULL;
	PyObject *o = q->head->o;
	node_t *next = q->head->next;
	free(q->head);
	q->head = next;
	return o;
}

static PyObject *queue_peek(QueueObject *q)
{
	if (!q->head)
		return NULL;
	return q->head->o;
}

// The shifted object is dropped: leaked.
int Queue_drop(QueueObject *q)
{
	PyObject *o = queue_shift(q);
	if (!o)
		return -1;
	return 0; // expect-warning[MOJO-OWN-101] {{'o' from 'queue_shift'}}
}

// The peeked object is still the node's: releasing it is wrong.
int Queue_drop_peeked(QueueObject *q)
{
	PyObject *o = queue_peek(q);
	if (!o)
		return -1;
	Py_DECREF(o); // expect-error[MOJO-OWN-106] {{'o' from 'queue_peek'}}
	return 0;
}
