// Built with -fno-exceptions (meson.build; issue #26): no call throws,
// not even `new`, so nothing leaks on an exceptional edge.
#include <Python.h>

struct Node {
	int v;
	Node *next;
};

// expect-no-diagnostics

int push(PyObject *owner, Node **head, int v)
{
	PyObject *ref = PyObject_GetAttrString(owner, "items");
	if (!ref)
		return -1;
	Node *n = new Node;
	n->v = v;
	n->next = *head;
	*head = n;
	Py_DECREF(ref);
	return 0;
}
