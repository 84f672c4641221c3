// Reduced from CPython 3.11.2 Modules/_ssl.c (PySSLSocket.owner): a field
// holding a weak reference without a callback owns no strong reference to
// anything, so tp_traverse need not visit it. The dealloc releases it.
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *ctx;
	PyObject *owner; // a weakref
} SocketObject;

static int Socket_init(PyObject *self, PyObject *value, PyObject *kwds)
{
	(void)kwds;
	PyObject *ref = PyWeakref_NewRef(value, NULL);
	if (ref == NULL)
		return -1;
	Py_XSETREF(((SocketObject *)self)->owner, ref);
	return 0;
}

static int Socket_traverse(PyObject *self, visitproc visit, void *arg)
{
	Py_VISIT(((SocketObject *)self)->ctx);
	return 0;
}

static int Socket_clear(PyObject *self)
{
	Py_CLEAR(((SocketObject *)self)->ctx);
	return 0;
}

static void Socket_dealloc(PyObject *self)
{
	PyObject_GC_UnTrack(self);
	Py_XDECREF(((SocketObject *)self)->owner);
	Socket_clear(self);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject SocketType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Socket",
	.tp_basicsize = sizeof(SocketObject),
	.tp_dealloc = Socket_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
	.tp_traverse = Socket_traverse,
	.tp_clear = Socket_clear,
	.tp_init = Socket_init,
};
