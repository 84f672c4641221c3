// MOJO-BOR-206 and an object's own storage (issue #30): an item read from
// an array, a block list or a node chain the object's struct owns, with no
// reference taken, then a call that may run Python code (a comparison's
// `__eq__`, a callback) that can reach a method of the type changing that
// storage (storing an item, unlinking a node or a block), then the item
// used: CPython's recurring bug class (deque, OrderedDict, list sorts).
// Given to a comparison itself, the item is reported there: the other
// operand's `__eq__` may free it while the comparison uses it.
#include <Python.h>

/* An item array. */
typedef struct {
	PyObject_HEAD
	Py_ssize_t n;
	PyObject **items;
} Stack;

static PyObject *Stack_set(Stack *self, PyObject *args)
{
	Py_ssize_t i;
	PyObject *v;
	if (!PyArg_ParseTuple(args, "nO", &i, &v))
		return NULL;
	if (i < 0 || i >= self->n)
		return NULL;
	Py_INCREF(v);
	Py_XSETREF(self->items[i], v);
	Py_RETURN_NONE;
}

static PyObject *Stack_find(Stack *self, PyObject *v)
{
	for (Py_ssize_t i = 0; i < self->n; i++) {
		PyObject *item = self->items[i];
		int r = PyObject_RichCompareBool(v, item, Py_EQ); // expect-warning[MOJO-BOR-206] {{'item', an item of 'self->items', is passed to 'PyObject_RichCompareBool', which can call a user `__eq__` that clears its container 'self->items'; take a reference first}}
		if (r < 0)
			return NULL;
		if (r > 0)
			return PyObject_Repr(item);
	}
	Py_RETURN_NONE;
}

/* A chain of nodes. */
typedef struct node {
	struct node *next;
	PyObject *value;
} node;

typedef struct {
	PyObject_HEAD
	node *head;
	PyObject *callback;
} Queue;

static PyObject *Queue_pop(Queue *self, PyObject *unused)
{
	(void)unused;
	node *n = self->head;
	if (n == NULL)
		Py_RETURN_NONE;
	self->head = n->next;
	PyObject *v = n->value;
	PyMem_Free(n);
	return v;
}

static PyObject *Queue_notify(Queue *self, PyObject *unused)
{
	(void)unused;
	node *first = self->head;
	if (first == NULL)
		Py_RETURN_NONE;
	PyObject *v = first->value;
	PyObject *r = PyObject_CallNoArgs(self->callback);
	if (r == NULL)
		return NULL;
	Py_DECREF(r);
	return PyObject_Repr(v); // expect-warning[MOJO-BOR-206] {{'v' is passed to 'PyObject_Repr' after 'PyObject_CallNoArgs' may have run Python code (the called object) that calls 'Queue_pop', which changes the items of 'self->head'}}
}

/* A list of blocks. */
typedef struct block {
	struct block *next;
	PyObject *data[64];
} block;

typedef struct {
	PyObject_HEAD
	block *first;
	Py_ssize_t start;
} Deque;

static PyObject *Deque_popleft(Deque *self, PyObject *unused)
{
	(void)unused;
	block *b = self->first;
	if (b == NULL)
		Py_RETURN_NONE;
	PyObject *v = b->data[0];
	self->first = b->next;
	PyMem_Free(b);
	return v;
}

static PyObject *Deque_count(Deque *self, PyObject *v)
{
	block *b = self->first;
	if (b == NULL)
		return PyLong_FromLong(0);
	PyObject *item = b->data[self->start];
	int r = PyObject_RichCompareBool(item, v, Py_EQ); // expect-warning[MOJO-BOR-206] {{'item', an item of 'self->first', is passed to 'PyObject_RichCompareBool', which can call a user `__eq__` that clears its container 'self->first'; take a reference first}}
	if (r < 0)
		return NULL;
	return PyObject_Str(item);
}

// The result of a callback released: its finaliser may run anything.
static PyObject *Stack_first_after_call(Stack *self, PyObject *cb)
{
	if (self->n == 0)
		Py_RETURN_NONE;
	PyObject *first = self->items[0];
	PyObject *r = PyObject_CallNoArgs(cb);
	if (r == NULL)
		return NULL;
	Py_DECREF(r);
	return PyObject_Repr(first); // expect-warning[MOJO-BOR-206] {{'first' is passed to 'PyObject_Repr' after 'PyObject_CallNoArgs' may have run Python code (the called object) that calls 'Stack_set', which changes the items of 'self->items'}}
}

// A release alone may run a finaliser that changes the items.
static PyObject *Stack_first_after_release(Stack *self, PyObject *cb)
{
	if (self->n == 0)
		Py_RETURN_NONE;
	PyObject *r = PyObject_CallNoArgs(cb);
	if (r == NULL)
		return NULL;
	PyObject *first = self->items[0];
	Py_DECREF(r);
	return PyObject_Str(first); // expect-warning[MOJO-BOR-206] {{'first' is passed to 'PyObject_Str' after 'Py_DECREF' may have run Python code (a finaliser) that calls 'Stack_set', which changes the items of 'self->items'}}
}

static PyMethodDef methods[] = {
	{"set", (PyCFunction)Stack_set, METH_VARARGS, NULL},
	{"find", (PyCFunction)Stack_find, METH_O, NULL},
	{"pop", (PyCFunction)Queue_pop, METH_NOARGS, NULL},
	{"notify", (PyCFunction)Queue_notify, METH_NOARGS, NULL},
	{"popleft", (PyCFunction)Deque_popleft, METH_NOARGS, NULL},
	{"count", (PyCFunction)Deque_count, METH_O, NULL},
	{"first_after_call", (PyCFunction)Stack_first_after_call, METH_O, NULL},
	{"first_after_release", (PyCFunction)Stack_first_after_release, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
