/* As 106-dealloc-calls-base-dealloc-good.c, but the base type's dealloc is
 * called on a borrowed object by a function that is no teardown. */
#include <Python.h>

typedef struct {
	PyObject_HEAD
	void *handle;
} Object;

PyTypeObject ObjectType = {
	PyVarObject_HEAD_INIT(NULL, 0)
};

void object_dealloc(Object *self)
{
	self->handle = NULL;
	Py_TYPE(self)->tp_free((PyObject *)self);
}

int reset(Object *self)
{
	object_dealloc(self); // expect-error[MOJO-OWN-106] {{borrowed reference 'self' is released by 'object_dealloc' but this function does not own it}}
	return 0;
}

int types_init(void)
{
	ObjectType.tp_basicsize = sizeof(Object);
	ObjectType.tp_dealloc = (destructor)object_dealloc;
	return PyType_Ready(&ObjectType);
}
