// MOJO-OWN-101 through a helper that calls itself: it returns a new
// reference on every path, its recursion included, and its caller drops
// one.
#include <Python.h>

typedef struct Node {
	PyObject_HEAD
	struct Node *next;
	PyObject *name;
} Node;

static PyObject *last_name(Node *n)
{
	if (n->next != NULL)
		return last_name(n->next);
	return PyObject_Repr(n->name);
}

PyObject *node_check(Node *n)
{
	PyObject *s = last_name(n);
	if (s == NULL)
		return NULL;
	if (PyObject_IsTrue(s) == 0)
		return PyLong_FromLong(0); // expect-warning[MOJO-OWN-101] {{'s' from 'last_name'}}
	return s;
}
