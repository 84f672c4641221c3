// A maker that takes its argument over (issue #26): a function of
// external linkage that stores an object parameter into the new object it
// returns, and releases it when the object cannot be made, steals that
// parameter. Neither the store (MOJO-BOR-202) nor the release
// (MOJO-OWN-106) is reported in it, and its callers hand it their new
// references.
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *payload;
	int kind;
} WrapObject;

extern PyTypeObject Wrap_Type;

// The object keeps it in a union of its own.
typedef struct {
	PyObject_HEAD
	union {
		PyObject *obj;
		void *ptr;
	} u;
} CellObject;

extern PyTypeObject Cell_Type;

PyObject *cell_new(PyObject *obj)
{
	CellObject *c = (CellObject *)Cell_Type.tp_alloc(&Cell_Type, 0);
	if (c)
		c->u.obj = obj;
	else
		Py_DECREF(obj);
	return (PyObject *)c;
}

PyObject *wrap_new(PyObject *payload)
{
	WrapObject *w = (WrapObject *)Wrap_Type.tp_alloc(&Wrap_Type, 0);
	if (w == NULL) {
		Py_DECREF(payload);
		return NULL;
	}
	w->payload = payload;
	w->kind = 1;
	return (PyObject *)w;
}

// The release may come first, and be an XDECREF; a NULL argument is
// refused before anything is made.
PyObject *wrap_pair(PyObject *first, int kind)
{
	if (first == NULL)
		return NULL;
	WrapObject *w = PyObject_New(WrapObject, &Wrap_Type);
	if (w != NULL) {
		w->payload = first;
		w->kind = kind;
	} else {
		Py_XDECREF(first);
	}
	return (PyObject *)w;
}

PyObject *wrap_number(long v)
{
	return wrap_new(PyLong_FromLong(v));
}

PyObject *wrap_text(const char *s)
{
	PyObject *t = PyUnicode_FromString(s);
	if (t == NULL)
		return NULL;
	return wrap_pair(t, 2);
}

PyObject *wrap_borrowed(PyObject *arg)
{
	Py_INCREF(arg);
	return wrap_new(arg);
}

PyObject *cell_of_text(const char *s)
{
	return cell_new(PyUnicode_FromString(s));
}
