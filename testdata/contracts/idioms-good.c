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

// An object fresh from its allocator whose initialization failed is
// given back with the allocator's free, without running tp_dealloc
// (PyObject_New / PyObject_Del, tp_alloc / PyObject_Del on a type
// without GC).
typedef struct {
	PyObject_HEAD
	char *items;
} BufObject;

PyTypeObject Buf_Type;

PyObject *buf_new(PyObject *mod, PyObject *noargs)
{
	BufObject *o = PyObject_New(BufObject, &Buf_Type);
	if (o == NULL)
		return NULL;
	o->items = PyMem_Malloc(16);
	if (o->items == NULL) {
		PyObject_Del(o);
		return PyErr_NoMemory();
	}
	return (PyObject *)o;
}

PyObject *buf_tp_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
	BufObject *o = (BufObject *)type->tp_alloc(type, 0);
	if (o == NULL)
		return NULL;
	o->items = PyMem_Malloc(16);
	if (o->items == NULL) {
		PyObject_Del(o);
		return PyErr_NoMemory();
	}
	return (PyObject *)o;
}

// PyLong_FromLong of a truth value (`!flag`, a comparison) is a cached
// small int: it cannot fail, so it needs no NULL check.
PyObject *switches(PyObject *mod, PyObject *arg)
{
	long flag = PyLong_AsLong(arg);
	if (flag == -1 && PyErr_Occurred())
		return NULL;
	PyObject *list = PyList_New(0);
	if (list == NULL)
		return NULL;
	PyObject *item = PyLong_FromLong(!flag);
	int rc = PyList_Append(list, item);
	Py_DECREF(item);
	if (rc < 0)
		goto fail;
	item = PyLong_FromLong(flag > 3);
	rc = PyList_Append(list, item);
	Py_DECREF(item);
	if (rc < 0)
		goto fail;
	return list;
fail:
	Py_DECREF(list);
	return NULL;
}

// A constructor whose helper stores its argument in a field, followed by
// the Py_INCREF that pays for it (pyrsistent's evolver): the caller's
// reference is borrowed, not stolen.
typedef struct {
	PyObject_HEAD
	PyObject *original;
} EvolverObject;

PyTypeObject Evolver_Type;

static void evolver_init(EvolverObject *ev, PyObject *vector)
{
	ev->original = vector;
}

static PyObject *evolver_new(PyObject *vector)
{
	EvolverObject *ev = PyObject_GC_New(EvolverObject, &Evolver_Type);
	if (ev == NULL)
		return NULL;
	evolver_init(ev, vector);
	PyObject_GC_Track(ev);
	Py_INCREF(vector);
	return (PyObject *)ev;
}

PyObject *vector_evolver(PyObject *self, PyObject *noargs)
{
	return evolver_new(self);
}

// A reference a helper made, tested against the argument it was made
// from (CPython's `if (kwdict != keywords) Py_DECREF(kwdict);`): where
// they are equal, the code holds that nothing was acquired.
static PyObject *names_as_dict(PyObject *names)
{
	PyObject *d = PyDict_New();
	if (d == NULL)
		return NULL;
	if (PyDict_SetItem(d, names, Py_None) < 0) {
		Py_DECREF(d);
		return NULL;
	}
	return d;
}

PyObject *call_with_keywords(PyObject *self, PyObject *keywords)
{
	PyObject *kwdict = keywords;
	if (PyTuple_Check(keywords)) {
		kwdict = names_as_dict(keywords);
		if (kwdict == NULL)
			return NULL;
	}
	PyObject *r = PyObject_Call(self, self, kwdict);
	if (kwdict != keywords)
		Py_DECREF(kwdict);
	return r;
}

// A reference found equal to Py_None is released through Py_None
// (zope.interface's lookup).
PyObject *lookup_or_default(PyObject *self, PyObject *args)
{
	PyObject *default_ = PyTuple_GetItem(args, 0);
	PyObject *result = PyObject_GetAttrString(self, "cached");
	if (result == NULL)
		return NULL;
	if (result == Py_None && default_ != NULL) {
		Py_DECREF(Py_None);
		Py_INCREF(default_);
		return default_;
	}
	return result;
}

// A pair of helpers that take a reference on an owner while a lock is
// held and drop it when the lock is released (mrab-regex's
// acquire_state_lock / release_state_lock): the first helper's exit is no
// leak, it takes the reference for its caller.
typedef struct {
	int locked;
} LockState;

static void acquire_state_lock(PyObject *owner, LockState *state)
{
	if (state->locked >= 0) {
		Py_INCREF(owner);
		state->locked = 1;
	}
}

static void release_state_lock(PyObject *owner, LockState *state)
{
	if (state->locked > 0) {
		state->locked = 0;
		Py_DECREF(owner);
	}
}

PyObject *scanner_match(PyObject *self, PyObject *noargs)
{
	LockState state = { 0 };
	acquire_state_lock(self, &state);
	release_state_lock(self, &state);
	Py_RETURN_NONE;
}

// `PyModule_AddObject(...) == -1` tests its failure (pygame's modules),
// and a documented new reference found equal to Py_None is not NULL.
static void *c_api[2];

int export_api(PyObject *module)
{
	PyObject *apiobj = PyCapsule_New(c_api, "idioms._C_API", NULL);
	if (apiobj == NULL)
		return -1;
	if (PyModule_AddObject(module, "_C_API", apiobj) == -1) {
		Py_DECREF(apiobj);
		return -1;
	}
	return 0;
}

PyObject *reversed_of(PyObject *self, PyObject *seq)
{
	PyObject *meth = PyObject_GetAttrString(seq, "__reversed__");
	if (meth == Py_None) {
		Py_DECREF(meth);
		PyErr_SetString(PyExc_TypeError, "not reversible");
		return NULL;
	}
	if (meth == NULL)
		return NULL;
	return meth;
}

// A helper whose callee steals only on success (CPython's
// _PyArena_AddPyObject) steals only on success itself: its failure exit
// leaks nothing (Python-ast.c's obj2ast_constant).
typedef struct {
	PyObject *objects;
} Arena;

static int arena_add(Arena *arena, PyObject *obj)
{
	int r = PyList_Append(arena->objects, obj);
	if (r >= 0)
		Py_DECREF(obj);
	return r;
}

static int to_constant(PyObject *obj, PyObject **out, Arena *arena)
{
	if (arena_add(arena, obj) < 0) {
		*out = NULL;
		return -1;
	}
	Py_INCREF(obj);
	*out = obj;
	return 0;
}

int constant_from(Arena *arena, PyObject *src, PyObject **out)
{
	PyObject *tmp = PyObject_GetAttrString(src, "value");
	if (tmp == NULL)
		return -1;
	int r = to_constant(tmp, out, arena);
	if (r < 0)
		Py_DECREF(tmp);
	return r;
}

// Py_BuildValue("()") is the shared empty tuple: it cannot fail (pycups
// builds its objects' constructor arguments so).
PyObject *empty_args(PyObject *self, PyObject *noargs)
{
	PyObject *args = Py_BuildValue("()");
	PyObject *r = PyObject_CallObject(self, args);
	Py_DECREF(args);
	return r;
}
