// Py_TPFLAGS_HAVE_GC without tp_traverse: the collector cannot see the
// edges, so the type is not really tracked.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *payload;
} BoxObject;

static int Box_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	PyObject *p;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "O", &p))
		return -1;
	Py_XSETREF(((BoxObject *)self)->payload, Py_NewRef(p));
	return 0;
}

static void Box_dealloc(PyObject *self)
{
	PyObject_GC_UnTrack(self);
	Py_CLEAR(((BoxObject *)self)->payload);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject BoxType = { // expect-note[MOJO-OWN-108] {{Py_TPFLAGS_HAVE_GC but no tp_traverse}}
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Box",
	.tp_basicsize = sizeof(BoxObject),
	.tp_dealloc = Box_dealloc,
	.tp_init = Box_init,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
};
