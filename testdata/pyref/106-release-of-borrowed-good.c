/*
 * MOJO-OWN-106 release-of-borrowed: correct code that takes its own
 * reference to a borrowed object before releasing or giving it away, or
 * uses it only as borrowed.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *callback;
} HookObject;

// Py_INCREF, then the tuple may steal the (now owned) reference.
PyObject *wrap1(PyObject *self, PyObject *value)
{
	(void)self;
	PyObject *t = PyTuple_New(1);
	if (t == NULL)
		return NULL;
	Py_INCREF(value);
	PyTuple_SET_ITEM(t, 0, value);
	return t;
}

// Copying the arguments into a list with Py_NewRef on each element.
PyObject *args_to_list(PyObject *self, PyObject *args)
{
	(void)self;
	Py_ssize_t n = PyTuple_GET_SIZE(args);
	PyObject *list = PyList_New(n);
	if (list == NULL)
		return NULL;
	for (Py_ssize_t i = 0; i < n; i++)
		PyList_SET_ITEM(list, i, Py_NewRef(PyTuple_GET_ITEM(args, i)));
	return list;
}

// PyArg_ParseTuple "O" objects are used as borrowed and never released.
PyObject *call_it(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *func, *arg;
	if (!PyArg_ParseTuple(args, "OO", &func, &arg))
		return NULL;
	return PyObject_CallFunctionObjArgs(func, arg, NULL);
}

// Py_BuildValue "O" takes its own reference to the borrowed argument.
PyObject *box(PyObject *self, PyObject *obj)
{
	(void)self;
	return Py_BuildValue("(O)", obj);
}

// A parameter that was Py_INCREF'd may be released once.
PyObject *repr_of(PyObject *self, PyObject *obj)
{
	(void)self;
	Py_INCREF(obj);
	PyObject *r = PyObject_Repr(obj);
	Py_DECREF(obj);
	return r;
}

// A borrowed list item kept across a call that may run Python code: take
// a reference, release it afterwards.
PyObject *call_first(PyObject *list)
{
	PyObject *first = PyList_GetItem(list, 0);
	if (first == NULL)
		return NULL;
	Py_INCREF(first);
	PyObject *res = PyObject_CallNoArgs(first);
	Py_DECREF(first);
	return res;
}

// Storing a borrowed argument into a field of `self`: Py_XSETREF with
// Py_NewRef, which releases the previous value.
PyObject *Hook_set(HookObject *self, PyObject *callback)
{
	Py_XSETREF(self->callback, Py_NewRef(callback));
	Py_RETURN_NONE;
}

// A stealing store of Py_None needs its own reference to Py_None.
int clear_slot(PyObject *list, Py_ssize_t i)
{
	return PyList_SetItem(list, i, Py_NewRef(Py_None));
}

// Reduced from CPython 3.11.2 Modules/_testbuffer.c (pack_single): the
// "borrowed slot" idiom. Borrowed items go into the argument tuple without
// a reference of their own; before the tuple is released, every slot gets
// one (Py_XINCREF of each item), so the tuple's release is balanced.
int pack_borrowed(PyObject *func, PyObject *seq)
{
	int ret = -1;
	PyObject *zero = PyLong_FromLong(1000);
	if (zero == NULL)
		return -1;
	PyObject *args = PyTuple_New(2);
	if (args == NULL) {
		Py_DECREF(zero);
		return -1;
	}
	PyTuple_SET_ITEM(args, 0, zero);
	PyTuple_SET_ITEM(args, 1, PyList_GET_ITEM(seq, 0));
	PyObject *x = PyObject_CallObject(func, args);
	if (x != NULL) {
		Py_DECREF(x);
		ret = 0;
	}
	for (Py_ssize_t i = 0; i < 2; i++)
		Py_XINCREF(PyTuple_GET_ITEM(args, i));
	Py_DECREF(args);
	Py_DECREF(zero);
	return ret;
}

// A borrowed item stored into a fresh tuple and paid for right after.
PyObject *wrap_first(PyObject *seq)
{
	PyObject *t = PyTuple_New(1);
	if (t == NULL)
		return NULL;
	PyObject *item = PyList_GET_ITEM(seq, 0);
	PyTuple_SET_ITEM(t, 0, item);
	Py_INCREF(item);
	return t;
}

// Reduced from pygobject 3.42 gi/pygi-resulttuple.c (resulttuple_dealloc):
// a tuple subclass's dealloc drops the references its items hold.
void resulttuple_dealloc(PyObject *self)
{
	Py_ssize_t len = Py_SIZE(self);
	for (Py_ssize_t i = 0; i < len; i++)
		Py_XDECREF(PyTuple_GET_ITEM(self, i));
	Py_TYPE(self)->tp_free(self);
}

// CPython's own definitions of the generator constructors (Objects/
// genobject.c): PyGen_New and PyAsyncGen_New take over their frame, as
// the documentation says of PyGen_New and PyCoro_New (refcounts.dat says
// otherwise: the knowledge base corrects it), so the helper releasing it
// releases what they own.
typedef struct _frame {
	PyObject_HEAD
	int f_lineno;
} PyFrameObject;
static PyObject *gen_new_with_qualname(PyFrameObject *f, PyObject *name,
				PyObject *qualname);

PyObject *PyGen_New(PyFrameObject *f)
{
	return gen_new_with_qualname(f, NULL, NULL);
}

PyObject *PyAsyncGen_New(PyFrameObject *f, PyObject *name, PyObject *qualname)
{
	return gen_new_with_qualname(f, name, qualname);
}

static PyObject *gen_new_with_qualname(PyFrameObject *f, PyObject *name,
				PyObject *qualname)
{
	PyObject *gen = PyList_New(0);
	Py_DECREF((PyObject *)f);
	return gen;
}

// Slot replacement: the slot's own reference is released, and the slot is
// overwritten right after (sysmodule's SetFlagObj, odict's recycled
// result tuple), at indexes past the first few too.
static int refill_flags(PyObject *flags, const long *values, int n)
{
	Py_ssize_t pos = 0;
#define SET_FLAG(expr) \
	do { \
		PyObject *value = PyLong_FromLong(expr); \
		if (value == NULL) \
			return -1; \
		Py_XDECREF(PyTuple_GET_ITEM(flags, pos)); \
		PyTuple_SET_ITEM(flags, pos, value); \
		pos++; \
	} while (0)
	(void)n;
	SET_FLAG(values[0]);
	SET_FLAG(values[1]);
	SET_FLAG(values[2]);
	SET_FLAG(values[3]);
	SET_FLAG(values[4]);
	SET_FLAG(values[5]);
	SET_FLAG(values[6]);
	SET_FLAG(values[7]);
	SET_FLAG(values[8]);
	SET_FLAG(values[9]);
#undef SET_FLAG
	return 0;
}
