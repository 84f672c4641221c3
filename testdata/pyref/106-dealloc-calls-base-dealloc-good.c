/* A type's tp_dealloc, set by its init function before PyType_Ready
 * (`PromiseType.tp_dealloc = (destructor)promise_dealloc;`), that ends by
 * calling its base type's dealloc on its own object (v8py's
 * js_promise_dealloc): the object is the one the interpreter handed it to
 * destroy, not a borrow it releases. */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	void *handle;
} Object;

typedef struct {
	PyObject_HEAD
	void *handle;
	void *state;
} Promise;

void object_dealloc(Object *self);
void promise_dealloc(Promise *self);

PyTypeObject ObjectType = {
	PyVarObject_HEAD_INIT(NULL, 0)
};
PyTypeObject PromiseType = {
	PyVarObject_HEAD_INIT(NULL, 0)
};

int types_init(void)
{
	ObjectType.tp_basicsize = sizeof(Object);
	ObjectType.tp_dealloc = (destructor)object_dealloc;
	PromiseType.tp_basicsize = sizeof(Promise);
	PromiseType.tp_dealloc = (destructor)promise_dealloc;
	PromiseType.tp_base = &ObjectType;
	if (PyType_Ready(&ObjectType) < 0)
		return -1;
	return PyType_Ready(&PromiseType);
}

void object_dealloc(Object *self)
{
	self->handle = NULL;
	Py_TYPE(self)->tp_free((PyObject *)self);
}

void promise_dealloc(Promise *self)
{
	object_dealloc((Object *)self);
}
