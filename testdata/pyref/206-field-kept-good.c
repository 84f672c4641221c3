// MOJO-BOR-206 is not reported for a pointer read from a field and used
// after a call that runs the user's code when Python code cannot have
// replaced what it points to: no function Python code calls assigns the
// field (only `__init__`, the deallocator, or nothing), the field is only
// filled the first time (assigned a call's result when empty), the
// function took the pointer out of the field itself, it holds a reference
// of its own, it reads the field again after the call, the pointer is one
// of the call's own format units, or the code runs only through a helper
// of the file (whose summary may say so of an error path alone); nor for a
// buffer a method allocates anew rather than resizes, or an integer.
#include <Python.h>
#include <stdlib.h>

// expect-no-diagnostics

typedef struct Node {
	PyObject_HEAD
	PyObject *key;
	struct Node *next;
} Node;

typedef struct {
	PyObject_HEAD
	Node *first;
	Node *root;
	PyObject *callback;
	PyObject *name;
	PyObject *dict;
	PyObject *cache;
} Tree;

// `name` is assigned only by __init__ and the deallocator.
static int tree_init(Tree *self, PyObject *args, PyObject *kwds)
{
	Py_XSETREF(self->name, PyUnicode_FromString("tree"));
	return self->name ? 0 : -1;
}

static void tree_dealloc(Tree *self)
{
	Py_CLEAR(self->name);
	Py_CLEAR(self->cache);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

// `dict` is filled the first time a method asks for it.
static PyObject *tree_get_dict(Tree *self, PyObject *unused)
{
	if (self->dict == NULL) {
		self->dict = PyDict_New();
		if (self->dict == NULL)
			return NULL;
	}
	return Py_NewRef(self->dict);
}

// `cache` is replaced by a method.
static PyObject *tree_reset(Tree *self, PyObject *unused)
{
	PyObject *fresh = PyDict_New();
	if (fresh == NULL)
		return NULL;
	Py_SETREF(self->cache, fresh);
	Py_RETURN_NONE;
}

static int helper_reports(Tree *self, PyObject *v)
{
	if (v == Py_None) {
		PyErr_Format(PyExc_ValueError, "bad value %R", v);
		return -1;
	}
	return 0;
}

static PyMethodDef tree_methods[] = {
	{"get_dict", (PyCFunction)tree_get_dict, METH_NOARGS, NULL},
	{"reset", (PyCFunction)tree_reset, METH_NOARGS, NULL},
	{NULL},
};

static PyTypeObject Tree_Type = {
	.tp_init = (initproc)tree_init,
	.tp_dealloc = (destructor)tree_dealloc,
};

int name_after_callback(Tree *self, PyObject *k)
{
	PyObject *name = self->name;
	PyObject *v = PyObject_CallOneArg(self->callback, k);
	if (!v)
		return -1;
	int r = PyObject_SetAttr(v, name, k);
	Py_DECREF(v);
	return r;
}

int dict_after_callback(Tree *self, PyObject *k)
{
	PyObject *dict = self->dict;
	if (dict == NULL)
		return 0;
	PyObject *v = PyObject_CallOneArg(self->callback, k);
	if (!v)
		return -1;
	int r = PyDict_SetItem(dict, k, v);
	Py_DECREF(v);
	return r;
}

// The pointer is taken out of the field: ours now.
Node *root_taken(Tree *self)
{
	Node *root = self->root;
	if (root == NULL)
		return NULL;
	self->root = NULL;
	PyObject *r = PyObject_CallNoArgs(self->callback);
	Py_XDECREF(r);
	if (root->key == NULL)
		return NULL;
	return root;
}

int cache_held(Tree *self, PyObject *k)
{
	PyObject *cache = Py_NewRef(self->cache);
	PyObject *v = PyObject_CallOneArg(self->callback, k);
	if (!v) {
		Py_DECREF(cache);
		return -1;
	}
	int r = PyDict_SetItem(cache, k, v);
	Py_DECREF(v);
	Py_DECREF(cache);
	return r;
}

int cache_read_again(Tree *self, PyObject *k)
{
	PyObject *v = PyObject_CallOneArg(self->callback, k);
	if (!v)
		return -1;
	int r = PyDict_SetItem(self->cache, k, v);
	Py_DECREF(v);
	return r;
}

PyObject *cache_format_unit(Tree *self)
{
	return PyObject_CallFunction(self->callback, "(O)O", self->cache,
				     self->name);
}

int cache_through_helper(Tree *self, PyObject *v)
{
	PyObject *cache = self->cache;
	if (helper_reports(self, v) < 0)
		return -1;
	return PyDict_SetItem(cache, v, v);
}

// A buffer a method allocates anew (not a resize of the old block), and an
// integer field a method recomputes from itself: neither is followed.
typedef struct {
	PyObject_HEAD
	double *xy;
	Py_ssize_t count;
} Path;

extern Py_ssize_t clamp(Py_ssize_t n);

static PyObject *path_reset(Path *self, PyObject *unused)
{
	if (self->xy == NULL)
		self->xy = malloc(16 * sizeof(double));
	self->count = clamp(self->count);
	Py_RETURN_NONE;
}

static PyMethodDef path_methods[] = {
	{"reset", (PyCFunction)path_reset, METH_NOARGS, NULL},
	{NULL},
};

extern void use_count(Py_ssize_t n);

int path_map_first(Path *self, PyObject *function)
{
	double *xy = self->xy;
	Py_ssize_t count = self->count;
	PyObject *item = PyObject_CallNoArgs(function);
	if (item == NULL)
		return -1;
	Py_DECREF(item);
	use_count(count);
	if (xy)
		xy[0] = 0.0;
	return 0;
}
