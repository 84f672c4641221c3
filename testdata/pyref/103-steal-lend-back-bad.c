/*
 * What a "steal and lend back" helper returns is a borrow: returned as a
 * new reference it is MOJO-OWN-107; when the reference given was the
 * only one, the object is gone (MOJO-OWN-103). A helper that releases
 * its parameter and then uses it (not only returns it) is still
 * reported.
 */
#include <Python.h>

static inline PyObject *steal(PyObject *o)
{
	Py_DECREF(o);
	return o;
}

static inline PyObject *steal_and_read(PyObject *o)
{
	Py_DECREF(o);
	return PyObject_Repr(o); // expect-error[MOJO-OWN-103] {{new reference 'o' is passed to 'PyObject_Repr' after it was released}}
}

PyObject *borrow_returned(PyObject *self, PyObject *args)
{
	(void)self;
	Py_INCREF(args);
	return steal(args); // expect-error[MOJO-OWN-107] {{borrowed reference 'args' is returned but callers expect a new reference}}
}

PyObject *only_reference(PyObject *self, PyObject *args)
{
	(void)self;
	(void)args;
	PyObject *o = PyList_New(0);
	if (!o)
		return NULL;
	PyObject *r = steal(o);
	return PyLong_FromSsize_t(PyList_GET_SIZE(r)); // expect-error[MOJO-OWN-103] {{new reference 'o' from 'PyList_New' is passed to 'PyList_GET_SIZE' after it was released}}
}

PyObject *use_repr(PyObject *self, PyObject *args)
{
	(void)self;
	Py_INCREF(args);
	return steal_and_read(args);
}
