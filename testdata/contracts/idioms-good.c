/*
 * Idioms of hand-written extensions that the contracts must read right
 * (issue #11, from a triage of extensions the tool had not seen).
 */
// expect-no-diagnostics
#include <Python.h>
#include <string.h>

typedef struct {
	PyObject_HEAD
	int frozen;
	Py_buffer view;
} ArrObject;

PyTypeObject Arr_Type;

// A helper that hands its argument back as the result on success
// (bitarray's freeze_if_frozen): its caller's new reference passes
// through.
static PyObject *freeze(ArrObject *self)
{
	if (self->frozen < 0) {
		Py_DECREF(self);
		return NULL;
	}
	self->frozen = 1;
	return (PyObject *)self;
}

PyObject *make_frozen(PyObject *mod, PyObject *noargs)
{
	(void)mod;
	(void)noargs;
	ArrObject *a = (ArrObject *)Arr_Type.tp_alloc(&Arr_Type, 0);
	if (a == NULL)
		return NULL;
	return freeze(a);
}

// PyBool_FromLong cannot fail; PyTuple_New(0) is the shared empty tuple.
PyObject *flags(PyObject *mod, PyObject *noargs)
{
	(void)mod;
	(void)noargs;
	PyObject *t = PyTuple_New(0);
	PyObject *b = PyBool_FromLong(1);
	PyObject *r = PyTuple_Pack(2, t, b);
	Py_DECREF(t);
	Py_DECREF(b);
	return r;
}

// The reference a stealing call takes, paid for right after it.
PyObject *fill(PyObject *mod, PyObject *items)
{
	(void)mod;
	PyObject *l = PyList_New(1);
	if (l == NULL)
		return NULL;
	PyObject *v = PyTuple_GetItem(items, 0);
	if (v == NULL) {
		Py_DECREF(l);
		return NULL;
	}
	if (PyList_SetItem(l, 0, v) == 0)
		Py_INCREF(v);
	return l;
}

// A Py_buffer copied into an object that releases it later.
int keep_view(ArrObject *self, PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	memcpy(&self->view, &view, sizeof(Py_buffer));
	return 0;
}

// A type whose teardown is set at run time.
typedef struct {
	PyObject_HEAD
	PyObject *name;
} NamedObject;

static void named_dealloc(PyObject *self)
{
	Py_XDECREF(((NamedObject *)self)->name);
	Py_TYPE(self)->tp_free(self);
}

static PyObject *named_set(PyObject *self, PyObject *name)
{
	Py_XSETREF(((NamedObject *)self)->name, Py_NewRef(name));
	Py_RETURN_NONE;
}

static PyMethodDef named_methods[] = {
	{"set", named_set, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};

static PyTypeObject Named_Type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	"idioms.Named",
	sizeof(NamedObject),
};

int init_named(void)
{
	Named_Type.tp_dealloc = named_dealloc;
	Named_Type.tp_methods = named_methods;
	Named_Type.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC;
	return PyType_Ready(&Named_Type);
}
