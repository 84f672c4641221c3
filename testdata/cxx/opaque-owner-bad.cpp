// An owner defined in another file hides only what passes through it: a
// new reference the function keeps for itself is still leaked.
#include <Python.h>

class PyObjectHandle {
public:
	PyObjectHandle(PyObject * = 0);
	~PyObjectHandle();
	PyObject *get() const;

private:
	PyObject *_p;
};

Py_ssize_t size_of(PyObject *o)
{
	PyObjectHandle h(PyObject_Str(o));
	PyObject *r = PyObject_Repr(o);
	if (r == NULL)
		return -1;
	return PyObject_IsTrue(h.get()); // expect-warning[MOJO-OWN-101] {{new reference 'r' from 'PyObject_Repr' is never released}}
}
