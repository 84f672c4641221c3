// Instances hold a reference to their heap type. PyObject_Init takes it
// for the new object (rules/cpython-manual.json: `incref_on_success`, kept
// by the object), and code that revives or frees an instance by hand
// takes or drops it itself. Reduced from nanobind src/nb_type.cpp
// (inst_new_int).
#include <Python.h>

typedef struct {
	PyObject_HEAD
	void *value;
} Inst;

int revive(Inst *self);

// The revived instance keeps the reference taken on its type.
int reuse_instance(Inst *self, PyTypeObject *tp)
{
	if (revive(self) < 0)
		return -1;
	Py_INCREF((PyObject *)tp);
	return 0;
}

// The reference PyObject_Init took is dropped with the memory.
PyObject *new_instance(PyTypeObject *tp, size_t extra)
{
	Inst *self = (Inst *)PyObject_Malloc(sizeof(Inst));
	if (!self)
		return PyErr_NoMemory();
	PyObject_Init((PyObject *)self, tp);
	if (extra) {
		Inst *self_2 = (Inst *)PyObject_Realloc(self, sizeof(Inst) + extra);
		if (!self_2) {
			Py_DECREF(tp);
			PyObject_Free(self);
			return PyErr_NoMemory();
		}
		self = self_2;
	}
	return (PyObject *)self;
}

// A type this function never took a reference on (released on some paths
// only: a function that releases its parameter on every path consumes it,
// pyref/106-exported-consumer-good.c).
void drop_type(PyTypeObject *tp)
{
	if (PyType_HasFeature(tp, Py_TPFLAGS_HEAPTYPE))
		Py_DECREF(tp); // expect-error[MOJO-OWN-106] {{borrowed reference 'tp' is released by 'Py_DECREF' but this function does not own it}}
}

// PyObject_Init returns its argument: the result holds the reference
// PyObject_New made. Reduced from DearPyGui src/mvCustomTypes.cpp.
typedef struct {
	PyObject_HEAD
	double x;
} Vec;
static PyTypeObject VecType;

PyObject *vec_add(PyObject *left, PyObject *right)
{
	Vec *view = PyObject_New(Vec, &VecType);
	if (view == NULL)
		return NULL;
	PyObject *result = PyObject_Init((PyObject *)view, &VecType);
	view->x = ((Vec *)left)->x + ((Vec *)right)->x;
	return result;
}

// The same object dropped on a later failure is still a leak.
PyObject *vec_add_leaks(PyObject *left)
{
	Vec *view = PyObject_New(Vec, &VecType);
	if (view == NULL)
		return NULL;
	PyObject *result = PyObject_Init((PyObject *)view, &VecType);
	if (((Vec *)left)->x < 0)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'view' from '_PyObject_New' is leaked on the error exit}}
	return result;
}
