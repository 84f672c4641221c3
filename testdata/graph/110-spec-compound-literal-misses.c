// The tp_dealloc a compound literal of slots names is the one checked.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *d;
} FooObject;

static int Foo_init(FooObject *self, PyObject *args, PyObject *kw)
{
	(void)args;
	(void)kw;
	PyObject *d = PyDict_New();
	if (d == NULL)
		return -1;
	Py_XSETREF(self->d, d);
	return 0;
}

static void Foo_dealloc(FooObject *self) // expect-warning[MOJO-OWN-110] {{field 'd' of 'FooObject' owns a new reference from 'PyDict_New' but the teardown of type 'm.Foo' never releases it}}
{
	PyTypeObject *tp = Py_TYPE(self);
	tp->tp_free(self);
	Py_DECREF(tp);
}

PyType_Spec FooSpec = {
	.name = "m.Foo",
	.basicsize = sizeof(FooObject),
	.flags = Py_TPFLAGS_DEFAULT,
	.slots = (PyType_Slot[]){
		{Py_tp_init, (initproc)Foo_init},
		{Py_tp_dealloc, (destructor)Foo_dealloc},
		{0, NULL},
	},
};
