// MOJO-BOR-202, correct code: the stored reference is paid for, or the
// memory it is stored in dies with the borrow, or belongs to an allocator
// whose ownership convention the analysis cannot see.
// expect-no-diagnostics
#include <Python.h>
#include <stdlib.h>

typedef struct {
	PyObject_HEAD
	PyObject *callback;
} Handler;

static int handler_set(Handler *self, PyObject *callback)
{
	Py_INCREF(callback);
	Py_XSETREF(self->callback, callback);
	return 0;
}

int use(Handler *h, PyObject *cb)
{
	return handler_set(h, cb);
}

PyObject *PyObject_Vectorcall(PyObject *callable, PyObject *const *args,
			      size_t nargsf, PyObject *kwnames);

// A local argument array, also through a pointer into it (the
// PY_VECTORCALL_ARGUMENTS_OFFSET idiom).
PyObject *call1(PyObject *f, PyObject *arg)
{
	PyObject *stack[2];
	PyObject **args = stack + 1;
	args[0] = arg;
	return PyObject_Vectorcall(f, args, 1, NULL);
}

// A node from an arena allocator declared elsewhere: the arena keeps the
// objects alive (CPython's AST, _PyArena_AddPyObject).
typedef struct {
	int kind;
	union {
		struct {
			PyObject *id;
		} Name;
	} v;
} expr;
void *arena_malloc(void *arena, size_t n);

expr *make_name(PyObject *id, void *arena)
{
	expr *p = arena_malloc(arena, sizeof *p);
	if (p == NULL)
		return NULL;
	p->kind = 1;
	p->v.Name.id = id;
	return p;
}

void *PyMem_Malloc(size_t n);
void PyMem_Free(void *p);

// An argument vector on the heap when the stack one is too small
// (_PyObject_Call_Prepend): it lives only during the call.
PyObject *call_prepend(PyObject *f, PyObject *obj, Py_ssize_t n)
{
	PyObject *small_stack[5];
	PyObject **stack;
	if (n + 1 <= 5) {
		stack = small_stack;
	} else {
		stack = PyMem_Malloc((size_t)(n + 1) * sizeof(PyObject *));
		if (stack == NULL)
			return NULL;
	}
	stack[0] = obj;
	PyObject *r = PyObject_Vectorcall(f, stack, 1, NULL);
	if (stack != small_stack)
		PyMem_Free(stack);
	return r;
}

// Reduced from CPython 3.11.2 Modules/_cursesmodule.c: a single-phase
// module's init keeps its module dict in a global, borrowed. CPython
// keeps such a module until the process exits.
static struct PyModuleDef cursesmodule = {PyModuleDef_HEAD_INIT, "_curses", NULL, -1, NULL, NULL, NULL, NULL, NULL};
static PyObject *ModDict;

PyObject *PyInit__curses(void)
{
	PyObject *m = PyModule_Create(&cursesmodule);
	if (m == NULL)
		return NULL;
	ModDict = PyModule_GetDict(m);
	if (ModDict == NULL) {
		Py_DECREF(m);
		return NULL;
	}
	return m;
}

// Reduced from python-systemd 235 systemd/_journal.c (journal_sendv): the
// iovec array comes from alloca and lives in this frame; the borrowed
// bytes data stored into its elements are used before the function ends.
struct iov_s { void *iov_base; size_t iov_len; };
int sink_iov(struct iov_s *, int);
void *alloca(size_t);

PyObject *send_all(PyObject *self, PyObject *args)
{
	(void)self;
	Py_ssize_t argc = PyTuple_Size(args);
	struct iov_s *iov = alloca(argc * sizeof(struct iov_s));
	for (Py_ssize_t i = 0; i < argc; ++i) {
		PyObject *item = PyTuple_GetItem(args, i);
		char *data;
		Py_ssize_t length;
		if (PyBytes_AsStringAndSize(item, &data, &length))
			return NULL;
		iov[i].iov_base = data;
		iov[i].iov_len = (size_t)length;
	}
	if (sink_iov(iov, (int)argc) < 0)
		return NULL;
	Py_RETURN_NONE;
}

// Reduced from python-cffi 1.15.1 c/_cffi_backend.c (new_function_type):
// a lookup key of borrowed pointers built in alloca'd memory.
PyObject *lookup_key(PyObject *self, PyObject *items);

PyObject *unique_type(PyObject *self, PyObject *items)
{
	Py_ssize_t n = PyTuple_GET_SIZE(items);
	PyObject **key = alloca((size_t)n * sizeof(PyObject *));
	for (Py_ssize_t i = 0; i < n; i++)
		key[i] = PyTuple_GET_ITEM(items, i);
	return lookup_key(self, (PyObject *)key);
}

// Parsed straight into a field or a global, then paid for; a failed parse
// stores nothing to pay for; a local struct's field dies with the borrow.
static PyObject *hook;

PyObject *handler_parse(Handler *self, PyObject *args)
{
	if (!PyArg_ParseTuple(args, "O:set", &self->callback))
		return NULL;
	Py_INCREF(self->callback);
	Py_RETURN_NONE;
}

PyObject *set_hook(PyObject *module, PyObject *args)
{
	(void)module;
	if (!PyArg_ParseTuple(args, "O", &hook))
		return NULL;
	Py_INCREF(hook);
	Py_RETURN_NONE;
}

struct call_opts {
	PyObject *func;
	int flags;
};

int run_opts(struct call_opts *o);

PyObject *call_with(PyObject *module, PyObject *args)
{
	(void)module;
	struct call_opts opts = {NULL, 0};
	if (!PyArg_ParseTuple(args, "Oi", &opts.func, &opts.flags))
		return NULL;
	if (run_opts(&opts) < 0)
		return NULL;
	Py_RETURN_NONE;
}

// Reduced from CPython 3.11 Objects/exceptions.c (UnicodeDecodeError_init):
// borrows parsed into fields, or stored there, then paid for through the
// fields; the error path releases the fields' own references.
typedef struct {
	PyObject_HEAD
	PyObject *encoding, *object;
} DecodeError;

int decode_error_init(DecodeError *ude, PyObject *args)
{
	Py_CLEAR(ude->encoding);
	Py_CLEAR(ude->object);
	if (!PyArg_ParseTuple(args, "UO", &ude->encoding, &ude->object)) {
		ude->encoding = ude->object = NULL;
		return -1;
	}
	Py_INCREF(ude->encoding);
	Py_INCREF(ude->object);
	if (!PyLong_Check(ude->object)) {
		Py_XSETREF(ude->object, PyBytes_FromStringAndSize("", 0));
		if (!ude->object)
			goto error;
	}
	return 0;
error:
	Py_CLEAR(ude->encoding);
	Py_CLEAR(ude->object);
	return -1;
}

int decode_error_set(DecodeError *ude, PyObject *encoding, PyObject *object)
{
	ude->encoding = encoding;
	ude->object = object;
	Py_INCREF(ude->encoding);
	Py_INCREF(ude->object);
	if (!PyLong_Check(ude->object)) {
		Py_XSETREF(ude->object, PyBytes_FromStringAndSize("", 0));
		if (!ude->object)
			goto error;
	}
	return 0;
error:
	Py_CLEAR(ude->encoding);
	Py_CLEAR(ude->object);
	return -1;
}
