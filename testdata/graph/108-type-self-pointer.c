// A linked list node type whose `next` is another node, without GC.
#include <Python.h>

typedef struct LinkObject {
	PyObject_HEAD
	struct LinkObject *next;
} LinkObject;

extern PyTypeObject LinkType;

static PyObject *Link_push(PyObject *self, PyObject *arg)
{
	LinkObject *n = PyObject_New(LinkObject, &LinkType);
	if (n == NULL)
		return NULL;
	(void)arg;
	n->next = (LinkObject *)Py_NewRef(self);
	return (PyObject *)n;
}

static void Link_dealloc(PyObject *self)
{
	Py_XDECREF(((LinkObject *)self)->next);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject LinkType = { // expect-warning[MOJO-OWN-108] {{'next'}}
	PyVarObject_HEAD_INIT(NULL, 0)
	"lst.Link",
	sizeof(LinkObject),
	0,
	Link_dealloc,
};

void *keep_push = (void *)Link_push;
