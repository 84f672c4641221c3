// An owner derived from `std::unique_ptr<PyObject, Deleter>` (py2cpp's
// PyPtr, blind C++ round 103): its constructor from a pointer, defined in
// another file, gives the pointer to the base; its copy constructor gives
// the base a pointer and pays for it with Py_XINCREF; `reset()` of an
// owner the caller lent by reference hands the reference to the caller.
// expect-no-diagnostics
#include <Python.h>
#include <memory>

struct PyPtrDeleter {
	void operator()(PyObject *o) { Py_DECREF(o); }
};
typedef std::unique_ptr<PyObject, PyPtrDeleter> _PyPtr;

class PyPtr : public _PyPtr {
public:
	PyPtr(PyObject *o); // in PyPtr.cxx: `: _PyPtr(o) {}`
	PyPtr(const PyPtr &c);
};

PyPtr::PyPtr(const PyPtr &c) : _PyPtr(c.get())
{
	Py_XINCREF(c.get());
}

bool load(const char *name, PyPtr &out)
{
	PyPtr modName(PyUnicode_FromString(name));
	PyPtr mod(PyImport_Import(modName.get()));
	if (!mod)
		return false;
	PyObject *po = mod.get();
	Py_XINCREF(po);
	out.reset(po);
	return true;
}
