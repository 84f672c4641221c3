// Where the convention (a function of another file returning `PyObject *`
// gives a new reference) says less (japronto): a result the condition
// only tests against NULL is a status, and a call handed the address of an
// object embedded in another initializes it in place; and `Py_TYPE(o)`
// tested twice answers the same.

#include <Python.h>

typedef struct {
	PyObject *items;
} Queue;
PyObject *Queue_push(Queue *q, PyObject *item); // (another file's)

PyObject *enqueue(Queue *q, PyObject *item)
{
	if (!Queue_push(q, item))
		return NULL;
	Py_RETURN_NONE;
}

typedef struct {
	PyObject_HEAD
	PyObject *extra;
} Inner;
PyObject *Inner_new(PyTypeObject *type, Inner *self); // (another file's)
extern PyTypeObject *InnerTypePtr;

typedef struct {
	PyObject_HEAD
	Inner inner;
} Outer;

PyObject *Outer_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
	Outer *self = (Outer *)type->tp_alloc(type, 0);
	if (!self)
		return NULL;
	Inner_new(InnerTypePtr, &self->inner);
	return (PyObject *)self;
}

long method_length(PyObject *request)
{
	PyObject *method = NULL;
	long result = -1;
	if (Py_TYPE(request) != &PyUnicode_Type) {
		method = PyObject_GetAttrString(request, "method");
		if (!method)
			goto finally;
		result = PyObject_Size(method);
	} else {
		result = 3;
	}
finally:
	if (Py_TYPE(request) != &PyUnicode_Type)
		Py_XDECREF(method);
	return result;
}

// A helper of another file that sets an error and returns NULL, its
// result dropped by the statement (panda3d's `Dtool_Raise_TypeError`):
// the convention says nothing of a result nobody takes.
PyObject *Raise_TypeError(const char *message);

int set_value(PyObject *obj, long *out)
{
	if (!PyLong_Check(obj)) {
		Raise_TypeError("expected an int");
		return -1;
	}
	*out = PyLong_AsLong(obj);
	return 0;
}
// expect-no-diagnostics
