// A type with no tp_dealloc of its own inherits its base's: when that
// dealloc, of this file, forgets the field, so does the subtype.
#include <Python.h>

struct base_thread {
	PyObject_HEAD
	PyObject *frames;
};

static void base_dealloc(PyObject *self) // expect-warning[MOJO-OWN-110] {{field 'frames' of 'struct base_thread' owns a new reference from 'PyList_New' but the teardown of type 'm.BaseThread' never releases it}}
{
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject base_thread_type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.BaseThread",
	.tp_basicsize = sizeof(struct base_thread),
	.tp_dealloc = base_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
};

PyTypeObject single_type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.SingleThread",
	.tp_basicsize = sizeof(struct base_thread),
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
	.tp_base = &base_thread_type,
};

int set_frames(struct base_thread *t)
{
	PyObject *f = PyList_New(0);
	if (!f)
		return -1;
	Py_XSETREF(t->frames, f);
	return 0;
}
