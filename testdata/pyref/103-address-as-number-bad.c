// As 103-address-as-number-good.c, but the pointer itself is given to a
// function after the object was freed.
#include <Python.h>
#include <stdint.h>

void registry_forget(PyObject *obj);

static void thing_dealloc(PyObject *self)
{
	PyTypeObject *tp = Py_TYPE(self);
	tp->tp_free(self);
	registry_forget(self); // expect-error[MOJO-OWN-103] {{after it was released}}
}

static PyTypeObject ThingType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Thing",
	.tp_basicsize = sizeof(PyObject),
	.tp_dealloc = thing_dealloc,
};
