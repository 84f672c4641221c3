// A default argument that says "do not take a reference", left out by
// the call: the guard's destructor releases a borrowed reference.
#include <Python.h>

struct adopter {
	adopter(PyObject *obj, bool incref = false) : obj(obj)
	{
		if (incref)
			Py_INCREF(obj);
	}
	~adopter() { Py_DECREF(obj); }
	PyObject *const obj;
};

PyObject *adopt_borrowed(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *o;
	if (!PyArg_ParseTuple(args, "O", &o))
		return NULL;
	adopter a(o);
	Py_RETURN_NONE; // expect-error[MOJO-OWN-106] {{'o'}}
}
