// A std::unique_ptr of a Python object with a deleter that releases it,
// returned by a function of another file, still holds a new reference:
// taken out of the owner and dropped, it is leaked.
#include <Python.h>
#include <memory>

struct Decref {
	void operator()(PyObject *o) const { Py_XDECREF(o); }
};
using Ref = std::unique_ptr<PyObject, Decref>;
Ref make_ref(int);

static PyObject *taken_and_dropped(PyObject *self, PyObject *args)
{
	Ref r = make_ref(1);
	PyObject *p = r.release();
	if (p == NULL)
		return NULL;
	return PyLong_FromLong(1); // expect-warning[MOJO-OWN-101] {{new reference 'r' from 'make_ref' is never released}}
}
