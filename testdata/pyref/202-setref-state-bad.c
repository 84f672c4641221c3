// MOJO-BOR-202 on the idioms issue 13 names: a borrowed argument or a
// GetItem result stored into self->field, a module state field or a
// static global without Py_INCREF, also through Py_SETREF/Py_XSETREF.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *name;
	PyObject *callback;
} Obj;

typedef struct {
	PyObject *error;
	PyObject *hook;
} modstate;

// A setter's value is lent by the caller.
int obj_set_name(Obj *self, PyObject *value, void *closure)
{
	(void)closure;
	Py_XSETREF(self->name, value); // expect-warning[MOJO-BOR-202] {{'value' is stored without taking a reference}}
	return 0;
}

int obj_set_callback(Obj *self, PyObject *value)
{
	Py_SETREF(self->callback, value); // expect-warning[MOJO-BOR-202] {{'value'}}
	return 0;
}

// A dict's value kept in a field.
int obj_load(Obj *self, PyObject *config)
{
	PyObject *v = PyDict_GetItemString(config, "name");
	if (v == NULL)
		return -1;
	Py_XSETREF(self->name, v); // expect-warning[MOJO-BOR-202] {{'v' from 'PyDict_GetItemString'}}
	return 0;
}

// Into the module's state.
PyObject *set_error(PyObject *module, PyObject *err)
{
	modstate *st = (modstate *)PyModule_GetState(module);
	st->error = err; // expect-warning[MOJO-BOR-202] {{'err'}}
	Py_RETURN_NONE;
}

// A tuple item kept in module state.
PyObject *set_hook(PyObject *module, PyObject *args)
{
	modstate *st = (modstate *)PyModule_GetState(module);
	st->hook = PyTuple_GET_ITEM(args, 0); // expect-warning[MOJO-BOR-202] {{from 'PyTuple_GET_ITEM'}}
	Py_RETURN_NONE;
}

// Into a static global.
static PyObject *default_handler;

PyObject *set_default(PyObject *self, PyObject *handler)
{
	(void)self;
	default_handler = handler; // expect-warning[MOJO-BOR-202] {{'handler'}}
	Py_RETURN_NONE;
}

// A list item into a field.
int obj_first(Obj *self, PyObject *list)
{
	PyObject *first = PyList_GetItem(list, 0);
	if (first == NULL)
		return -1;
	Py_XSETREF(self->callback, first); // expect-warning[MOJO-BOR-202] {{'first' from 'PyList_GetItem'}}
	return 0;
}

// A "O" argument of PyArg_ParseTuple into a global.
static PyObject *logger;

PyObject *set_logger(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *l;
	if (!PyArg_ParseTuple(args, "O", &l))
		return NULL;
	logger = l; // expect-warning[MOJO-BOR-202] {{'l' from 'PyArg_ParseTuple'}}
	Py_RETURN_NONE;
}

// The globals are read: what they hold is used later.
PyObject *handlers(void)
{
	return PyTuple_Pack(2, default_handler, logger);
}
