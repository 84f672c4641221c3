// A teardown the module's init puts in place is the one checked: when it
// forgets a field the type owns, that is MOJO-OWN-110.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *name;
} NamedObject;

static void plain_dealloc(PyObject *self)
{
	Py_CLEAR(((NamedObject *)self)->name);
	Py_TYPE(self)->tp_free(self);
}

static PyTypeObject NamedType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Named",
	.tp_basicsize = sizeof(NamedObject),
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_dealloc = plain_dealloc,
};

static PyObject *setname(NamedObject *self, PyObject *name)
{
	Py_INCREF(name);
	Py_XSETREF(self->name, name);
	Py_RETURN_NONE;
}

static void fast_dealloc(NamedObject *self) // expect-warning[MOJO-OWN-110] {{field 'name' of 'NamedObject' owns a new reference from 'Py_INCREF' but the teardown of type 'm.Named' never releases it}}
{
	Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef methods[] = {
	{"setname", (PyCFunction)setname, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};

static struct PyModuleDef mdef = {PyModuleDef_HEAD_INIT, "m", NULL, -1, NULL};

PyObject *PyInit_m(void)
{
	NamedType.tp_methods = methods;
	NamedType.tp_dealloc = (destructor)fast_dealloc;
	if (PyType_Ready(&NamedType) < 0)
		return NULL;
	return PyModule_Create(&mdef);
}
