// A type that is not GC-tracked holds any object: a cycle through it is
// never freed, but only Python code that links an instance back makes
// one, so the finding is a note.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *callback;
} HookObject;

static int Hook_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	PyObject *cb;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "O", &cb))
		return -1;
	Py_XSETREF(((HookObject *)self)->callback, Py_NewRef(cb));
	return 0;
}

static void Hook_dealloc(PyObject *self)
{
	Py_XDECREF(((HookObject *)self)->callback);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject HookType = { // expect-note[MOJO-OWN-108] {{type 'ev.Hook' can own themselves through 'callback'}}
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "ev.Hook",
	.tp_basicsize = sizeof(HookObject),
	.tp_dealloc = Hook_dealloc,
	.tp_init = Hook_init,
	.tp_flags = Py_TPFLAGS_DEFAULT,
};
