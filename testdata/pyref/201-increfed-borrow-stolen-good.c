/*
 * The caller's object is given an extra reference and put in a new tuple:
 * the tuple holds only that extra reference. Releasing the tuple does not
 * end the caller's reference, so 'self' is still alive afterwards.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	int state;
	PyObject *jar;
} Obj;

int changed(Obj *self, PyObject *name)
{
	PyObject *meth, *arg, *result;
	meth = PyObject_GetAttr(self->jar, name);
	if (meth == NULL)
		return -1;
	arg = PyTuple_New(1);
	if (arg == NULL) {
		Py_DECREF(meth);
		return -1;
	}
	Py_INCREF(self);
	PyTuple_SET_ITEM(arg, 0, (PyObject *)self);
	result = PyObject_CallObject(meth, arg);
	Py_DECREF(arg);
	Py_DECREF(meth);
	if (result == NULL)
		return -1;
	Py_DECREF(result);
	self->state = 1;
	return 0;
}
