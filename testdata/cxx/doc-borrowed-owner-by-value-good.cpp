// A comment that says a function "returns a borrowed reference", above a
// function that returns an owner class by value (pluto's
// `/// Returns a borrowed reference` over `python::Object
// Sequence::get(size_t) const { return PySequence_GetItem(ptr(), idx); }`,
// C++ round 64): the object returned owns what it holds, made from the
// new reference; its destructor's release is its own, whatever the
// comment says of the pointer inside.
// expect-no-diagnostics
#include <Python.h>

class Object {
public:
	Object(PyObject *obj) : obj_(obj) {}
	Object(const Object &o) : obj_(o.obj_) { Py_INCREF(obj_); }
	~Object() { Py_DECREF(obj_); }
	/// Returns a borrowed reference
	PyObject *ptr() const { return obj_; }

private:
	PyObject *obj_;
};

class Sequence : public Object {
public:
	explicit Sequence(const Object &s) : Object(s) {}
	/// Returns a borrowed reference
	Object get(Py_ssize_t i) const;
};

Object Sequence::get(Py_ssize_t i) const
{
	return PySequence_GetItem(ptr(), i);
}

long first_as_long(const Sequence &s)
{
	return PyLong_AsLong(s.get(0).ptr());
}
