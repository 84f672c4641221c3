// An owner class whose constructor, defined in the file, throws only when
// the pointer it is given is null (PyLiaison's pyl::Object, C++ round
// 112): given a reference the caller tested, it does not throw, and
// nothing leaks on an exception that cannot happen.
// expect-no-diagnostics
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
	if (o == nullptr)
		throw std::runtime_error("null object");
	m_up.reset(o);
}

Ref call(PyObject *f)
{
	PyObject *r = PyObject_CallObject(f, NULL);
	if (r == nullptr)
		throw std::runtime_error("call failed");
	return Ref(r);
}

Ref import(const char *name)
{
	PyObject *mod = PyImport_ImportModule(name);
	if (!mod)
		throw std::runtime_error("import failed");
	Ref m(mod);
	return m;
}
