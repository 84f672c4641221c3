// A type without GC whose object field only ever holds a str: a str owns
// nothing, so no cycle can go through it.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *name;
} TagObject;

static int Tag_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	const char *s;
	PyObject *name;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "s", &s))
		return -1;
	if ((name = PyUnicode_FromString(s)) == NULL)
		return -1;
	Py_XSETREF(((TagObject *)self)->name, name);
	return 0;
}

static void Tag_dealloc(PyObject *self)
{
	Py_XDECREF(((TagObject *)self)->name);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject TagType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Tag",
	.tp_basicsize = sizeof(TagObject),
	.tp_dealloc = Tag_dealloc,
	.tp_init = Tag_init,
};
// expect-no-diagnostics
