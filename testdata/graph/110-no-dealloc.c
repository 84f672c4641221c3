// A type that stores a reference but has no tp_dealloc at all: the
// default deallocator frees the memory, not what the fields own.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *label;
} LabelObject;

static int Label_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	const char *s;
	PyObject *l;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "s", &s))
		return -1;
	if ((l = PyUnicode_FromString(s)) == NULL)
		return -1;
	Py_XSETREF(((LabelObject *)self)->label, l);
	return 0;
}

PyTypeObject LabelType = { // expect-warning[MOJO-OWN-110] {{type 'm.Label' has no tp_dealloc or tp_clear}}
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Label",
	.tp_basicsize = sizeof(LabelObject),
	.tp_init = Label_init,
};
