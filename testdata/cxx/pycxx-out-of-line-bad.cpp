// PyCXX's out-of-line `Py::_XINCREF` takes a reference of its own: an
// object made of a borrowed handle holds one, and a new reference given
// to it not owned (`owned` false) is one too many.
#include <Python.h>

namespace Py {
void _XINCREF(PyObject *op);
void _XDECREF(PyObject *op);
class Object {
public:
	explicit Object(PyObject *pyob, bool owned = false) : p(pyob)
	{
		if (!owned)
			Py::_XINCREF(p);
	}
	virtual ~Object() { Py::_XDECREF(p); }
	PyObject *ptr() const { return p; }

private:
	PyObject *p;
};
} // namespace Py

long response_code(PyObject *response)
{
	Py::Object code(PyNumber_Long(response));
	if (code.ptr() == NULL)
		return -1;
	return PyLong_AsLong(code.ptr()); // expect-warning[MOJO-OWN-101] {{new reference 'code.p' from 'PyNumber_Long' is never released}}
}
