// A member that only returns a pointer field of its object (a getter, a
// conversion operator) gives the field as it is: each call the same
// value, so a reference taken through one call and stolen through
// another is the same one.
#include <Python.h>
// expect-no-diagnostics

class Var {
public:
	operator PyObject *() { return ref; }
	PyObject *get() const { return (PyObject *)this->ref; }
	PyObject *ref;
};

struct State {
	Var Error;
};

PyObject *bases_of(State *st)
{
	PyObject *bases = PyTuple_New(1);
	if (bases == NULL)
		return NULL;
	Py_INCREF(st->Error);
	PyTuple_SET_ITEM(bases, 0, st->Error);
	return bases;
}

PyObject *error_of(State *st)
{
	Py_INCREF(st->Error.get());
	return st->Error.get();
}
