// MOJO-BOR-206 and an object's own storage (issue #30): the fixed
// versions of 206-object-storage-bad.c (a reference taken before the call
// that may run Python code), and storage no function Python code can
// reach changes (filled once, at creation).
// expect-no-diagnostics
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
		Py_INCREF(item);
		int r = PyObject_RichCompareBool(v, item, Py_EQ);
		if (r < 0) {
			Py_DECREF(item);
			return NULL;
		}
		if (r > 0) {
			PyObject *s = PyObject_Repr(item);
			Py_DECREF(item);
			return s;
		}
		Py_DECREF(item);
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
	PyObject *v = Py_NewRef(first->value);
	PyObject *r = PyObject_CallNoArgs(self->callback);
	if (r == NULL) {
		Py_DECREF(v);
		return NULL;
	}
	Py_DECREF(r);
	PyObject *s = PyObject_Repr(v);
	Py_DECREF(v);
	return s;
}

// Read back before the call.
static PyObject *Queue_peek_then_notify(Queue *self, PyObject *unused)
{
	(void)unused;
	node *first = self->head;
	if (first == NULL)
		Py_RETURN_NONE;
	PyObject *s = PyObject_Repr(first->value);
	if (s == NULL)
		return NULL;
	PyObject *r = PyObject_CallNoArgs(self->callback);
	if (r == NULL) {
		Py_DECREF(s);
		return NULL;
	}
	Py_DECREF(r);
	return s;
}

// Read after the release whose finaliser may change the items.
static PyObject *Stack_first_after_release(Stack *self, PyObject *cb)
{
	PyObject *r = PyObject_CallNoArgs(cb);
	if (r == NULL)
		return NULL;
	Py_DECREF(r);
	if (self->n == 0)
		Py_RETURN_NONE;
	return PyObject_Str(self->items[0]);
}

/* Filled once: no method changes the items. */
typedef struct {
	PyObject_HEAD
	Py_ssize_t n;
	PyObject **fixed;
} Frozen;

static PyObject *Frozen_find(Frozen *self, PyObject *v)
{
	for (Py_ssize_t i = 0; i < self->n; i++) {
		PyObject *item = self->fixed[i];
		int r = PyObject_RichCompareBool(v, item, Py_EQ);
		if (r < 0)
			return NULL;
		if (r > 0)
			return PyObject_Repr(item);
	}
	Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
	{"set", (PyCFunction)Stack_set, METH_VARARGS, NULL},
	{"find", (PyCFunction)Stack_find, METH_O, NULL},
	{"pop", (PyCFunction)Queue_pop, METH_NOARGS, NULL},
	{"notify", (PyCFunction)Queue_notify, METH_NOARGS, NULL},
	{"peek_then_notify", (PyCFunction)Queue_peek_then_notify, METH_NOARGS, NULL},
	{"frozen_find", (PyCFunction)Frozen_find, METH_O, NULL},
	{"first_after_release", (PyCFunction)Stack_first_after_release, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
