// As ctor-throws-only-on-null-good.cpp, but the pointer given may be null:
// the constructor then throws, and what the function owns at that point
// leaks on the exception.
#include <Python.h>
#include <stdexcept>

#include <memory>

struct ObjectDeleter {
	void operator()(PyObject *o);
};
void ObjectDeleter::operator()(PyObject *o) { Py_XDECREF(o); }

class Ref {
	std::unique_ptr<PyObject, ObjectDeleter> m_up;

public:
	Ref(PyObject *o);
	PyObject *get() const { return m_up.get(); }
};

Ref::Ref(PyObject *o)
{
	if (!o)
		throw std::runtime_error("null object");
	m_up.reset(o);
}

PyObject *pair(PyObject *f)
{
	PyObject *one = PyUnicode_FromString("one");
	if (!one)
		return NULL;
	PyObject *r = PyObject_CallObject(f, NULL);
	Ref x(r); // expect-warning[MOJO-OWN-105] {{new reference 'one' from 'PyUnicode_FromString' is leaked when the exception leaves 'pair'}}
	PyObject *t = PyTuple_Pack(2, one, x.get());
	Py_DECREF(one);
	return t;
}
