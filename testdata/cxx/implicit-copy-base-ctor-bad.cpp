// As implicit-copy-base-ctor-good.cpp, but the base's copy constructor
// takes no reference of its own: each copy passed by value releases the
// caller's reference.
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
	object_base(const object_base &b) : _ptr(b._ptr) {}
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
	copy_row(row, item, 1); // expect-error[MOJO-OWN-104] {{new reference 'item._ptr' from 'next_item' is released twice}}
}
