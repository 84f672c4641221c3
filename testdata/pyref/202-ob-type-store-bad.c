// As 202-ob-type-store-good.c, but the type is kept in a field of the
// object's own: that field owes a reference.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyTypeObject *kind;
} Tagged;

void set_kind(Tagged *obj, PyTypeObject *type)
{
	obj->kind = type; // expect-warning[MOJO-BOR-202] {{borrowed reference 'type' is stored without taking a reference}}
}
