// Reduced from CPython 3.11.2 Modules/_pickle.c: Pdata_push() stores the
// object on success only; PDATA_PUSH() returns on failure and the new
// reference leaks (fixed in later CPython by releasing it in Pdata_push).
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject **data;
	Py_ssize_t size, allocated;
} Pdata;

static int Pdata_grow(Pdata *self);

static int Pdata_push(Pdata *self, PyObject *obj)
{
	if (self->size == self->allocated && Pdata_grow(self) < 0)
		return -1;
	self->data[self->size++] = obj;
	return 0;
}

#define PDATA_PUSH(D, O, ER) do {                                       \
		if (Pdata_push((D), (O)) < 0) return (ER); } while (0)

int load_int(Pdata *stack, long x)
{
	PyObject *value = PyLong_FromLong(x);
	if (value == NULL)
		return -1;
	PDATA_PUSH(stack, value, -1); // expect-warning[MOJO-OWN-105] {{new reference 'value' from 'PyLong_FromLong' is leaked on the error exit}}
	return 0;
}
