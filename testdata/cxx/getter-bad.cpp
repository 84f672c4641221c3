// A getter's field is read as it is, at each call: what the function
// does to its own references around those reads is still checked (the
// extra reference on the field is the object's to balance, as for a
// field read by hand).
#include <Python.h>

class Var {
public:
	PyObject *get() const { return ref; }
	PyObject *ref;
};

PyObject *pair_of(Var *v)
{
	PyObject *t = PyTuple_New(1);
	if (t == NULL)
		return NULL;
	Py_INCREF(v->get());
	if (PyObject_IsTrue(v->get()) < 0)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 't' from 'PyTuple_New' is leaked on the error exit}}
	PyTuple_SET_ITEM(t, 0, v->get());
	return t;
}
