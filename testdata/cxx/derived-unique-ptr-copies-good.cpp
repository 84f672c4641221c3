// Copies of an owner derived from `std::unique_ptr<PyObject, Deleter>`
// whose copy constructor and copy assignment, defined in another file,
// each take a reference (py2cpp's PyPtr, blind C++ round 103): three
// owners, three references, three releases.
// expect-no-diagnostics
#include <Python.h>
#include <memory>

struct Dec {
	void operator()(PyObject *o) { Py_DECREF(o); }
};
struct PyPtr : std::unique_ptr<PyObject, Dec> {
	using std::unique_ptr<PyObject, Dec>::unique_ptr;
	PyPtr() = default;
	PyPtr(const PyPtr &c);		 // Py_XINCREF(c.get())
	PyPtr &operator=(const PyPtr &c); // Py_XINCREF + reset
};

void basic()
{
	PyPtr obj(Py_BuildValue("(id)", 4, 4.2));
	PyPtr copy(obj);
	PyPtr copy2;
	copy2 = obj;
}
