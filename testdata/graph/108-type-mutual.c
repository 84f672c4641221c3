// Two types that own each other's instances, neither GC-tracked.
#include <Python.h>

typedef struct BObject BObject;
typedef struct AObject {
	PyObject_HEAD
	BObject *b;
} AObject;
struct BObject {
	PyObject_HEAD
	AObject *a;
};

static void A_dealloc(PyObject *self)
{
	Py_XDECREF(((AObject *)self)->b);
	Py_TYPE(self)->tp_free(self);
}

static void B_dealloc(PyObject *self)
{
	Py_XDECREF(((BObject *)self)->a);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject AType = { // expect-warning[MOJO-OWN-108] {{'m.A' can own themselves through 'b' -> 'a'}}
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.A",
	.tp_basicsize = sizeof(AObject),
	.tp_dealloc = A_dealloc,
};

PyTypeObject BType = { // expect-warning[MOJO-OWN-108] {{'m.B' can own themselves through 'a' -> 'b'}}
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.B",
	.tp_basicsize = sizeof(BObject),
	.tp_dealloc = B_dealloc,
};
