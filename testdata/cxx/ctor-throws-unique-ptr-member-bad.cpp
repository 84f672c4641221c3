// A constructor that hands one new reference to a std::unique_ptr member
// with `reset()` and keeps another in a raw member, then throws: the
// unique_ptr member's destructor releases the first, nothing releases
// the second (the object is never made, its destructor does not run).
// ctor-throws-unique-ptr-member-good.cpp has the first alone.
#include <Python.h>
#include <memory>
#include <stdexcept>

struct PyDeleter {
	void operator()(PyObject *o) { Py_XDECREF(o); }
};
using py_unique = std::unique_ptr<PyObject, PyDeleter>;

class Module {
	py_unique m_obj;
	PyObject *m_name = nullptr;

public:
	explicit Module(const char *name)
	{
		PyObject *mod = PyImport_ImportModule(name);
		if (mod)
			m_obj.reset(mod);
		m_name = PyUnicode_FromString(name);
		PyObject *path = PySys_GetObject("path");
		if (!path)
			throw std::runtime_error("no sys.path"); // expect-warning[MOJO-OWN-105] {{new reference from 'PyUnicode_FromString', stored in 'this->m_name', is leaked when the exception leaves the constructor 'Module::Module'}}
	}
	~Module() { Py_XDECREF(m_name); }
};
