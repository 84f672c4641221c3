// A helper that keeps two of its arguments in the object it makes, and
// neither when it fails (its summary: "steal_on_success" for both), takes
// both where its result says it succeeded: the caller that returns the
// object owns neither any more, and the one that releases both when it
// failed leaks nothing. Reduced from portage's src/dep_parser.c
// (build_atom_obj() and its static inline atom_new()) and CPython's
// Objects/rangeobject.c (below).
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *a;
	PyObject *b;
} PairObject;

static PyTypeObject PairType = {
	PyVarObject_HEAD_INIT(NULL, 0).tp_name = "m.Pair",
	.tp_basicsize = sizeof(PairObject),
	.tp_flags = Py_TPFLAGS_DEFAULT,
};

static inline PyObject *pair_new(PyObject *a, PyObject *b)
{
	PairObject *obj = PyObject_New(PairObject, &PairType);
	if (!obj)
		return NULL;
	obj->a = a;
	obj->b = b;
	return (PyObject *)obj;
}

PyObject *build_pair(const char *s, Py_ssize_t n)
{
	PyObject *a = PyUnicode_FromStringAndSize(s, n);
	if (!a)
		return NULL;
	PyObject *b = PyUnicode_FromStringAndSize(s, n / 2);
	if (!b) {
		Py_DECREF(a);
		return NULL;
	}
	PyObject *obj = pair_new(a, b);
	if (obj)
		return obj;
	Py_DECREF(a);
	Py_DECREF(b);
	return NULL;
}
/* The same object passed twice, with two references (portage's
   `py_cpv = Py_NewRef(py_cp)` when there is no version): both go. */
PyObject *build_twice(const char *s, Py_ssize_t n)
{
	PyObject *a = PyUnicode_FromStringAndSize(s, n);
	if (!a)
		return NULL;
	PyObject *b = Py_NewRef(a);
	PyObject *obj = pair_new(a, b);
	if (obj)
		return obj;
	Py_DECREF(a);
	Py_DECREF(b);
	return NULL;
}

/* The same with the object's own struct type as the result, NULL on
   failure (CPython's Objects/rangeobject.c: make_range_object(), whose
   callers release start, stop and step when it fails). */
static PairObject *pair_make(PyObject *a, PyObject *b)
{
	PairObject *obj = PyObject_New(PairObject, &PairType);
	if (obj == NULL)
		return NULL;
	obj->a = a;
	obj->b = b;
	return obj;
}

PyObject *make_pair(PyObject *x, PyObject *y)
{
	PyObject *a = PyNumber_Index(x);
	if (!a)
		return NULL;
	PyObject *b = PyNumber_Index(y);
	if (!b) {
		Py_DECREF(a);
		return NULL;
	}
	PairObject *obj = pair_make(a, b);
	if (obj != NULL)
		return (PyObject *)obj;
	Py_DECREF(a);
	Py_DECREF(b);
	return NULL;
}
// expect-no-diagnostics
