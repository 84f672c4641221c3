// A project header in a folder of its own (as yamal's
// fmc++/python/wrapper.hpp, which extractor includes): an owner class
// whose constructor from a pointer is private, made by static factories
// that take a new reference over or take one of their own, and a helper
// that throws when an error is set.
#include <Python.h>

void raise_python_error();

class object {
public:
	object() = default;
	object(object &&m) : obj_(m.obj_) { m.obj_ = nullptr; }
	object(const object &c) : obj_(c.obj_) { Py_XINCREF(obj_); }
	~object() { Py_XDECREF(obj_); }
	operator bool() const { return obj_ != nullptr; }
	object get_attr(const char *name) const
	{
		PyObject *attr = PyObject_GetAttrString(obj_, name);
		if (!attr)
			raise_python_error();
		return object::from_new(attr);
	}
	object operator[](const char *name) const { return get_attr(name); }
	PyObject *get_ref() const { return obj_; }
	static object from_new(PyObject *obj) { return object(obj); }
	static object from_borrowed(PyObject *obj)
	{
		Py_XINCREF(obj);
		return object(obj);
	}

private:
	object(PyObject *obj) : obj_(obj) {}
	PyObject *obj_ = nullptr;
};

struct python_error {};

// Throws exactly when an error is set.
inline void raise_python_error()
{
	if (PyErr_Occurred() != nullptr)
		throw python_error();
}
