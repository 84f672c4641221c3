// MOJO-BOR-202, the idioms that must stay quiet: Py_NewRef/Py_XNewRef into
// Py_SETREF, Py_INCREF after the store, new references, static objects.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *name;
	PyObject *callback;
} Obj;

typedef struct {
	PyObject *error;
} modstate;

int obj_set_name(Obj *self, PyObject *value, void *closure)
{
	(void)closure;
	Py_XSETREF(self->name, Py_XNewRef(value));
	return 0;
}

int obj_set_callback(Obj *self, PyObject *value)
{
	Py_INCREF(value);
	Py_SETREF(self->callback, value);
	return 0;
}

int obj_load(Obj *self, PyObject *config)
{
	PyObject *v = PyDict_GetItemString(config, "name");
	if (v == NULL)
		return -1;
	Py_XSETREF(self->name, Py_NewRef(v));
	return 0;
}

PyObject *set_error(PyObject *module, PyObject *err)
{
	modstate *st = (modstate *)PyModule_GetState(module);
	st->error = err;
	Py_INCREF(err);
	Py_RETURN_NONE;
}

// A new reference is the field's to own.
int obj_make_name(Obj *self)
{
	PyObject *n = PyUnicode_FromString("anon");
	if (n == NULL)
		return -1;
	Py_XSETREF(self->name, n);
	return 0;
}

static PyObject *default_handler;

PyObject *reset_default(PyObject *self, PyObject *unused)
{
	(void)self;
	(void)unused;
	Py_XSETREF(default_handler, Py_NewRef(Py_None));
	Py_RETURN_NONE;
}

// A field cleared.
int obj_clear_name(Obj *self)
{
	Py_CLEAR(self->name);
	return 0;
}

// Stored into a local struct that does not outlive the call.
int check_pair(PyObject *a)
{
	struct {
		PyObject *first;
	} tmp;
	tmp.first = a;
	return tmp.first != NULL;
}
// expect-no-diagnostics
