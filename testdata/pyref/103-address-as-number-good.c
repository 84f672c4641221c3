// expect-no-diagnostics
// An object's address kept as a number and looked up after the object
// was freed (private_attribute_cpp's dealloc, blind C++ round 104: `key =
// (uintptr_t)self; tp_free(self); registry.find(key)`): no memory is read
// through it.
#include <Python.h>
#include <stdint.h>

void registry_forget(uintptr_t key);

static void thing_dealloc(PyObject *self)
{
	PyTypeObject *tp = Py_TYPE(self);
	uintptr_t key = (uintptr_t)self;
	tp->tp_free(self);
	registry_forget(key);
}

static PyTypeObject ThingType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Thing",
	.tp_basicsize = sizeof(PyObject),
	.tp_dealloc = thing_dealloc,
};
