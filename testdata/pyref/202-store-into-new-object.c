/*
 * A borrowed reference stored into a field of an object this function
 * made, paid for by a Py_INCREF further on. A path that leaves before the
 * payment still holds the object, which nobody has seen: the object's
 * leak is the finding there, not the field. Released on that path, the
 * object's dealloc would drop the field's reference it never got: that
 * is a borrow that escapes.
 */
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *image;
} Draw;

extern PyTypeObject DrawType;

PyObject *draw_new(PyObject *module, PyObject *image)
{
	Draw *self = PyObject_New(Draw, &DrawType);
	if (!self)
		return NULL;
	self->image = image;
	PyObject *buffer = PyObject_CallMethod(image, "tobytes", NULL);
	if (!buffer)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'self' from '_PyObject_New' is leaked on the error exit}}
	Py_INCREF(image);
	Py_DECREF(buffer);
	return (PyObject *)self;
}

PyObject *draw_new_released(PyObject *module, PyObject *image)
{
	Draw *self = PyObject_New(Draw, &DrawType);
	if (!self)
		return NULL;
	self->image = image; // expect-warning[MOJO-BOR-202] {{borrowed reference 'image' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
	PyObject *buffer = PyObject_CallMethod(image, "tobytes", NULL);
	if (!buffer) {
		Py_DECREF(self);
		return NULL;
	}
	Py_INCREF(image);
	Py_DECREF(buffer);
	return (PyObject *)self;
}
