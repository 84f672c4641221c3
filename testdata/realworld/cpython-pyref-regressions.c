// Reductions of false positives found when triaging MOJO-OWN-1xx findings
// on CPython 3.11.2's Modules/: each function is correct code that an
// earlier version of the engine reported.
// expect-no-diagnostics
#include <Python.h>
#include <stdint.h>

/* _elementtree.c: a reference stored as a tagged pointer (JOIN_SET) into a
 * field through a static helper that writes *p. */
#define JOIN_GET(p) ((uintptr_t)(p) & 1)
#define JOIN_OBJ(p) ((PyObject *)((uintptr_t)(p) & ~(uintptr_t)1))
#define JOIN_SET(p, flag) ((void *)((uintptr_t)(JOIN_OBJ(p)) | (flag)))

typedef struct {
	PyObject_HEAD
	PyObject *text;
} ElementObject;

static void set_joined_ptr(PyObject **p, PyObject *new_joined_ptr)
{
	PyObject *tmp = JOIN_OBJ(*p);
	*p = new_joined_ptr;
	Py_DECREF(tmp);
}

int element_copy_text(ElementObject *dst, ElementObject *src)
{
	PyObject *text = PyObject_Repr(JOIN_OBJ(src->text));
	if (!text)
		return -1;
	set_joined_ptr(&dst->text, JOIN_SET(text, JOIN_GET(src->text)));
	return 0;
}

/* _curses_panel.c: a C library keeps the object in its `void *` slot. */
typedef struct panel PANEL;
int set_panel_userptr(PANEL *pan, const void *ptr);

PyObject *panel_set_userptr(PANEL *pan, PyObject *obj)
{
	Py_INCREF(obj);
	if (set_panel_userptr(pan, (void *)obj) == -1) {
		Py_DECREF(obj);
		return NULL;
	}
	Py_RETURN_NONE;
}

/* readline.c: a hook entered without the GIL restores the caller's thread
 * state and releases it again before returning. */
extern PyThreadState *saved_tstate;

int readline_hook(void)
{
	PyEval_RestoreThread(saved_tstate);
	PyObject *r = PyObject_CallNoArgs(Py_None);
	Py_XDECREF(r);
	saved_tstate = PyEval_SaveThread();
	return 0;
}

/* _testbuffer.c: Py_XINCREF of a tuple's items is not an increment of the
 * tuple itself. */
PyObject *incref_items(PyObject *self, PyObject *args)
{
	(void)self;
	Py_ssize_t n = PyTuple_GET_SIZE(args);
	for (Py_ssize_t i = 0; i < n; i++)
		Py_XINCREF(PyTuple_GET_ITEM(args, i));
	Py_RETURN_NONE;
}

/* symtablemodule.c: an Argument Clinic converter hands the _impl function
 * a new reference, which it releases. */
static PyObject *symtable_impl(PyObject *module, const char *s,
			       PyObject *filename)
{
	(void)module;
	PyObject *r = s ? PyUnicode_FromString(s) : NULL;
	Py_DECREF(filename);
	return r;
}

PyObject *symtable_call(PyObject *module, const char *s, PyObject *name)
{
	PyObject *filename = PyObject_Repr(name);
	if (filename == NULL)
		return NULL;
	return symtable_impl(module, s, filename);
}

/* _heapqmodule.c / itertoolsmodule.c: slot replacement, the list's old
 * reference becomes the caller's. */
PyObject *replace_first(PyObject *list, PyObject *item)
{
	PyObject *old = PyList_GET_ITEM(list, 0);
	Py_INCREF(item);
	PyList_SET_ITEM(list, 0, item);
	return old;
}

/* grpmodule.c: Py_None stored first, its reference added after. */
PyObject *tuple_of_none(void)
{
	PyObject *t = PyTuple_New(1);
	if (t == NULL)
		return NULL;
	PyTuple_SET_ITEM(t, 0, Py_None);
	Py_INCREF(Py_None);
	return t;
}

/* binascii.c: PyModule_GetState of the module's own state is not NULL. */
typedef struct {
	PyObject *error;
} module_state;

PyObject *raise_error(PyObject *module)
{
	PyObject *msg = PyUnicode_FromString("bad data");
	if (msg == NULL)
		return NULL;
	module_state *st = PyModule_GetState(module);
	if (st == NULL)
		return NULL; // never taken: msg is not leaked here
	PyErr_SetObject(st->error, msg);
	Py_DECREF(msg);
	return NULL;
}

/* Objects/fileobject.c PyFile_GetLine: the status of _PyBytes_Resize is
 * ignored, but the object it replaced is tested for NULL before use. */
PyObject *file_get_line(PyObject *f, int n)
{
	PyObject *result = PyObject_CallMethod(f, "readline", NULL);
	if (n < 0 && result != NULL && !PyUnicode_Check(result)) {
		const char *s = PyBytes_AsString(result);
		Py_ssize_t len = PyBytes_Size(result);
		if (len == 0) {
			Py_DECREF(result);
			result = NULL;
			PyErr_SetString(PyExc_TypeError, "EOF");
		} else if (s[len - 1] == '\n') {
			if (Py_REFCNT(result) == 1)
				_PyBytes_Resize(&result, len - 1);
			else {
				PyObject *v = PyBytes_FromStringAndSize(s, len - 1);
				Py_DECREF(result);
				result = v;
			}
		}
	}
	if (n < 0 && result != NULL && PyObject_Size(result) == 0) {
		Py_DECREF(result);
		return NULL;
	}
	return result;
}

/* Objects/moduleobject.c module_get_annotations: the item borrowed from
 * the dict is increfed when found; when it is NULL, returning it after the
 * dict is released uses nothing. */
PyObject *get_annotations(PyObject *m)
{
	PyObject *dict = PyObject_GetAttrString(m, "__dict__");
	if (dict == NULL)
		return NULL;
	PyObject *annotations = PyDict_GetItemString(dict, "__annotations__");
	if (annotations)
		Py_INCREF(annotations);
	Py_DECREF(dict);
	return annotations;
}

/* _ssl.c (_get_peer_alt_names): a list from PyList_New is never Py_None,
 * so the cleanup's `!= Py_None` test releases it on every error path. */
PyObject *alt_names(PyObject *names)
{
	PyObject *result = Py_None;
	Py_ssize_t n = PyList_GET_SIZE(names);
	for (Py_ssize_t i = 0; i < n; i++) {
		if (result == Py_None) {
			result = PyList_New(0);
			if (result == NULL)
				goto fail;
		}
		if (PyList_Append(result, PyList_GET_ITEM(names, i)) < 0)
			goto fail;
	}
	if (result != Py_None) {
		PyObject *t = PyList_AsTuple(result);
		Py_DECREF(result);
		return t;
	}
	Py_RETURN_NONE;
fail:
	if (result != Py_None)
		Py_XDECREF(result);
	return NULL;
}

/* _codecsmodule.c (escape_decode): `if (_PyBytes_Resize(&v, n))` is the
 * failure branch (the API returns 0 or -1) and v is already released. */
PyObject *shrink(const char *s, Py_ssize_t n)
{
	PyObject *v = PyBytes_FromStringAndSize(s, n);
	if (v == NULL)
		return NULL;
	if (_PyBytes_Resize(&v, n / 2))
		return NULL;
	return v;
}

/* _functoolsmodule.c (functools_reduce): a tuple item replaced in place
 * with Py_XSETREF on t->ob_item[i]; the old item's reference is the
 * tuple's, dropped as the slot is overwritten. */
PyObject *reduce_step(PyObject *func, PyObject *args, PyObject *it)
{
	PyObject *result = PyIter_Next(it);
	if (result == NULL)
		return NULL;
	PyObject *op2 = PyIter_Next(it);
	if (op2 == NULL) {
		Py_DECREF(result);
		return NULL;
	}
	Py_XSETREF(((PyTupleObject *)args)->ob_item[0], result);
	Py_XSETREF(((PyTupleObject *)args)->ob_item[1], op2);
	return PyObject_CallObject(func, args);
}

/* Objects/exceptions.c (SystemExit_init): the same tuple item read twice
 * is one value, and Py_TYPE (in the tuple check) runs no code. */
typedef struct {
	PyObject_HEAD
	PyObject *code;
} ExitObject;

int exit_init(ExitObject *self, PyObject *args)
{
	if (PyTuple_GET_SIZE(args) == 1) {
		Py_INCREF(PyTuple_GET_ITEM(args, 0));
		Py_XSETREF(self->code, PyTuple_GET_ITEM(args, 0));
	}
	return 0;
}

/* itertoolsmodule.c (teedataobject_newinternal): a borrowed item stored
 * into an array field and paid for through the same lvalue. */
typedef struct {
	PyObject_HEAD
	PyObject *values[8];
} TeeData;

int tee_fill(TeeData *tdo, PyObject *values)
{
	Py_ssize_t len = PyList_GET_SIZE(values);
	if (len > 8)
		return -1;
	for (Py_ssize_t i = 0; i < len; i++) {
		tdo->values[i] = PyList_GET_ITEM(values, i);
		Py_INCREF(tdo->values[i]);
	}
	return 0;
}

/* Objects/listobject.c (list_item): the item read at index i, increfed,
 * is the item returned from the same index. */
static PyObject *list_item(PyListObject *a, Py_ssize_t i)
{
	if (i < 0 || i >= Py_SIZE(a))
		return NULL;
	Py_INCREF(a->ob_item[i]);
	return a->ob_item[i];
}

PyObject *list_subscript(PyListObject *self, Py_ssize_t i)
{
	return list_item(self, i);
}
