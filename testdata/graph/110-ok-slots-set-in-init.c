// Slots the module's init assigns before PyType_Ready replace the ones the
// type's initializer names: the teardown that runs is the assigned one,
// which knows the extra field. Reduced from zope.container's
// _zope_container_contained.c (the proxy type's CP_traverse/CP_dealloc).
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *obj;
	PyObject *name;
} ProxyObject;

static int wrap_traverse(PyObject *self, visitproc visit, void *arg)
{
	Py_VISIT(((ProxyObject *)self)->obj);
	return 0;
}

static void wrap_dealloc(PyObject *self)
{
	PyObject_GC_UnTrack(self);
	Py_CLEAR(((ProxyObject *)self)->obj);
	Py_TYPE(self)->tp_free(self);
}

static PyTypeObject ProxyType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Proxy",
	.tp_basicsize = sizeof(ProxyObject),
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
	.tp_traverse = wrap_traverse,
	.tp_dealloc = wrap_dealloc,
};

static PyObject *CP_setname(ProxyObject *self, PyObject *name)
{
	Py_INCREF(name);
	Py_XSETREF(self->name, name);
	Py_RETURN_NONE;
}

static int CP_traverse(ProxyObject *self, visitproc visit, void *arg)
{
	Py_VISIT(self->obj);
	Py_VISIT(self->name);
	return 0;
}

static void CP_dealloc(ProxyObject *self)
{
	PyObject_GC_UnTrack(self);
	Py_CLEAR(self->obj);
	Py_CLEAR(self->name);
	Py_TYPE(self)->tp_free(self);
}

static PyMethodDef CP_methods[] = {
	{"setname", (PyCFunction)CP_setname, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};

static struct PyModuleDef mdef = {PyModuleDef_HEAD_INIT, "m", NULL, -1, NULL};

PyObject *PyInit_m(void)
{
	PyObject *m = PyModule_Create(&mdef);
	if (m == NULL)
		return NULL;
	ProxyType.tp_methods = CP_methods;
	ProxyType.tp_traverse = (traverseproc)CP_traverse;
	ProxyType.tp_dealloc = (destructor)CP_dealloc;
	if (PyType_Ready(&ProxyType) < 0) {
		Py_DECREF(m);
		return NULL;
	}
	Py_INCREF(&ProxyType);
	if (PyModule_AddObject(m, "Proxy", (PyObject *)&ProxyType) < 0) {
		Py_DECREF(&ProxyType);
		Py_DECREF(m);
		return NULL;
	}
	return m;
}
// expect-no-diagnostics
