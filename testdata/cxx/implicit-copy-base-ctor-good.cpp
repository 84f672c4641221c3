// An owner class whose copy constructor is the compiler's (ntracer's
// `py::object` over `_object_base`): the implicit copy copies the base,
// whose own copy constructor takes a reference. An object passed by value
// is such a copy, released by the callee's parameter: the caller's own
// object still holds its reference, which its destructor releases once.
// expect-no-diagnostics
#include <Python.h>

namespace py {

inline PyObject *incref(PyObject *o)
{
	Py_INCREF(o);
	return o;
}

struct new_ref {
	PyObject *_ptr;
	explicit new_ref(PyObject *p) : _ptr(p) {}
};

class object_base {
protected:
	PyObject *_ptr;
	object_base(new_ref r) : _ptr(r._ptr) {}
	object_base(const object_base &b) : _ptr(incref(b._ptr)) {}
	~object_base() { Py_XDECREF(_ptr); }

public:
	PyObject *ref() const { return _ptr; }
};

class object : public object_base {
public:
	object(new_ref r) : object_base(r) {}
	object(const object_base &b) : object_base(b) {}
};

} // namespace py

py::object next_item(PyObject *iterator);

void copy_row(double *row, py::object values, size_t i)
{
	row[i] = PyFloat_AsDouble(values.ref());
}

void fill(double *row, PyObject *iterator)
{
	py::object item = next_item(iterator);
	copy_row(row, item, 0);
	copy_row(row, item, 1);
}
