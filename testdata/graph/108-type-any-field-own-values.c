// Types that are not GC-tracked and hold any object in a field, but only
// values they make or find themselves: a list the type made (cruet's
// `Map.rules`), the object a method makes a new instance from (btck's
// `slice->obj = Py_NewRef(self)`), a str. No Python caller gives the
// field an object, and the type has no member table through which Python
// code could assign it: no instance can be linked back into it, no note
// (blind C rounds 111, 117, 118). 108-type-any-field.c stores what its
// caller gives.
// (A cli test: no MOJO-OWN-108 note.)
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *rules; // a list of rules, filled by C code
} MapObject;

static int Map_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	(void)args;
	(void)kwds;
	PyObject *rules = PyList_New(0);
	if (rules == NULL)
		return -1;
	Py_XSETREF(((MapObject *)self)->rules, rules);
	return 0;
}

static void Map_dealloc(PyObject *self)
{
	Py_XDECREF(((MapObject *)self)->rules);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject MapType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "r.Map",
	.tp_basicsize = sizeof(MapObject),
	.tp_dealloc = Map_dealloc,
	.tp_init = Map_init,
	.tp_flags = Py_TPFLAGS_DEFAULT,
};

typedef struct {
	PyObject_HEAD
	PyObject *parent; // the slice or buffer it was cut from
	Py_ssize_t start, stop;
} SliceObject;

extern PyTypeObject SliceType;

static void Slice_dealloc(PyObject *self)
{
	Py_XDECREF(((SliceObject *)self)->parent);
	Py_TYPE(self)->tp_free(self);
}

static PyObject *Slice_cut(PyObject *self, PyObject *args)
{
	Py_ssize_t start, stop;
	if (!PyArg_ParseTuple(args, "nn", &start, &stop))
		return NULL;
	SliceObject *s = PyObject_New(SliceObject, &SliceType);
	if (s == NULL)
		return NULL;
	s->parent = Py_NewRef(self);
	s->start = start;
	s->stop = stop;
	return (PyObject *)s;
}

static PyMethodDef Slice_methods[] = {
	{"cut", Slice_cut, METH_VARARGS, NULL},
	{NULL, NULL, 0, NULL},
};

PyTypeObject SliceType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "r.Slice",
	.tp_basicsize = sizeof(SliceObject),
	.tp_dealloc = Slice_dealloc,
	.tp_methods = Slice_methods,
	.tp_flags = Py_TPFLAGS_DEFAULT,
};
