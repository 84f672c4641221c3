// A constructor that hands a new reference to a std::unique_ptr member
// with `reset()`, then throws: the member was made before the body ran,
// and its destructor (the deleter's Py_XDECREF) runs as the exception
// leaves (PyLiaison's `Object(std::string)`, blind C++ round 112).
// expect-no-diagnostics
#include <Python.h>
#include <memory>
#include <stdexcept>

struct PyDeleter {
	void operator()(PyObject *o) { Py_XDECREF(o); }
};
using py_unique = std::unique_ptr<PyObject, PyDeleter>;

class Module {
	py_unique m_obj;

public:
	explicit Module(const char *name)
	{
		PyObject *mod = PyImport_ImportModule(name);
		if (mod)
			m_obj.reset(mod);
		PyObject *path = PySys_GetObject("path");
		if (!path)
			throw std::runtime_error("no sys.path");
	}
};
