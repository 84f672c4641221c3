/*
 * MOJO-OWN-101 resource-leak: correct code that a naive checker would
 * flag. Every new reference is released, returned, stolen or stored into
 * an owner on every path.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *name;  // owned, released by tp_dealloc
	PyObject *items; // owned, released by tp_dealloc
} RecordObject;

// Py_XDECREF of a local that is only sometimes set: NULL on the other path.
PyObject *maybe_scaled(PyObject *self, PyObject *args)
{
	(void)self;
	long v;
	int scale;
	if (!PyArg_ParseTuple(args, "li", &v, &scale))
		return NULL;
	PyObject *factor = NULL;
	if (scale) {
		factor = PyLong_FromLong(10);
		if (factor == NULL)
			return NULL;
	}
	PyObject *res = PyLong_FromLong(factor ? v * 10 : v);
	Py_XDECREF(factor);
	return res;
}

// Py_CLEAR releases a temporary and leaves the local NULL.
PyObject *str_len(PyObject *self, PyObject *obj)
{
	(void)self;
	PyObject *s = PyObject_Str(obj);
	if (s == NULL)
		return NULL;
	Py_ssize_t n = PyObject_Size(s);
	Py_CLEAR(s);
	if (n < 0)
		return NULL;
	return PyLong_FromSsize_t(n);
}

// A loop that builds a list with PyList_Append, releasing each item.
PyObject *squares(PyObject *self, PyObject *arg)
{
	(void)self;
	long n = PyLong_AsLong(arg);
	if (n == -1 && PyErr_Occurred())
		return NULL;
	PyObject *list = PyList_New(0);
	if (list == NULL)
		return NULL;
	for (long i = 0; i < n; i++) {
		PyObject *item = PyLong_FromLong(i * i);
		if (item == NULL) {
			Py_DECREF(list);
			return NULL;
		}
		int rc = PyList_Append(list, item);
		Py_DECREF(item);
		if (rc < 0) {
			Py_DECREF(list);
			return NULL;
		}
	}
	return list;
}

// A loop that fills a preallocated list: PyList_SET_ITEM steals each item.
PyObject *zeros(Py_ssize_t n)
{
	PyObject *list = PyList_New(n);
	if (list == NULL)
		return NULL;
	for (Py_ssize_t i = 0; i < n; i++) {
		PyObject *zero = PyLong_FromLong(0);
		if (zero == NULL) {
			Py_DECREF(list);
			return NULL;
		}
		PyList_SET_ITEM(list, i, zero);
	}
	return list;
}

// tp_init: new references stored into fields of `self` belong to it;
// Py_XSETREF releases whatever the field held before.
int Record_init(RecordObject *self, PyObject *args, PyObject *kwds)
{
	static char *kwlist[] = {"name", NULL};
	PyObject *name;
	if (!PyArg_ParseTupleAndKeywords(args, kwds, "U", kwlist, &name))
		return -1;
	PyObject *items = PyList_New(0);
	if (items == NULL)
		return -1;
	Py_XSETREF(self->name, Py_NewRef(name));
	Py_XSETREF(self->items, items);
	return 0;
}

// Py_SETREF replaces an owned accumulator, releasing the old value.
PyObject *sum_list(PyObject *self, PyObject *list)
{
	(void)self;
	PyObject *total = PyLong_FromLong(0);
	if (total == NULL)
		return NULL;
	Py_ssize_t n = PyList_Size(list);
	for (Py_ssize_t i = 0; i < n; i++) {
		PyObject *item = PyList_GetItem(list, i);
		if (item == NULL) {
			Py_DECREF(total);
			return NULL;
		}
		Py_INCREF(item); // a user __add__ may clear the list
		Py_SETREF(total, PyNumber_Add(total, item));
		Py_DECREF(item);
		if (total == NULL)
			return NULL;
	}
	return total;
}

static PyObject *interned_cache;

// A module-level cache owns what is stored into it.
int init_cache(void)
{
	PyObject *d = PyDict_New();
	if (d == NULL)
		return -1;
	interned_cache = d;
	return 0;
}

// A static helper that always consumes its `item` argument: callers hand
// their reference over and must not release it themselves.
static int append_steal(PyObject *list, PyObject *item)
{
	int rc = PyList_Append(list, item);
	Py_DECREF(item);
	return rc;
}

PyObject *pair_list(long a, long b)
{
	PyObject *list = PyList_New(0);
	if (list == NULL)
		return NULL;
	PyObject *x = PyLong_FromLong(a);
	if (x == NULL || append_steal(list, x) < 0) {
		Py_DECREF(list);
		return NULL;
	}
	PyObject *y = PyLong_FromLong(b);
	if (y == NULL || append_steal(list, y) < 0) {
		Py_DECREF(list);
		return NULL;
	}
	return list;
}

// Destroyed through its type's tp_dealloc: released, not leaked.
void destroy_directly(PyObject *type)
{
	PyObject *op = PyObject_CallNoArgs(type);
	if (op == NULL)
		return;
	Py_TYPE(op)->tp_dealloc(op);
}

// A helper that keeps what it is given (the parser's root), then a
// reference for the frame pushed on the parser's stack, taken after the
// frame was filled in (python-rapidjson's PyHandler::StartArray).
struct frame {
	PyObject *object;
	int is_object;
};
void push_frame(struct frame *f);
static PyObject *parse_root;

static int handle_value(PyObject *value)
{
	parse_root = value;
	return 0;
}

int start_array(void)
{
	PyObject *list = PyList_New(0);
	if (list == NULL)
		return -1;
	if (handle_value(list) < 0)
		return -1;
	struct frame f;
	f.is_object = 0;
	f.object = list;
	Py_INCREF(list);
	push_frame(&f);
	return 0;
}

// A helper that returns only None (or NULL) hands back a reference to a
// static object: a caller that drops it frees nothing (sysv_ipc's
// `shm_attach(...)` called for its effect).
static PyObject *attach(PyObject *self, int fd)
{
	(void)self;
	if (fd < 0) {
		PyErr_SetString(PyExc_ValueError, "bad descriptor");
		return NULL;
	}
	Py_RETURN_NONE;
}

PyObject *attach_twice(PyObject *self, int fd)
{
	if (attach(self, fd) == NULL)
		return NULL;
	attach(self, fd + 1);
	Py_RETURN_NONE;
}
