// An owner made of a new reference by a functional cast inside a class
// template never instantiated (typy's `ScopedPyObjectPtr(
// PyString_FromString(_Type->tp_name)).get()`): clang leaves the cast
// dependent, with no constructor chosen; the object is made with the
// class's constructor from a pointer all the same, and its destructor
// releases the reference at the end of the statement.
// expect-no-diagnostics
#include <Python.h>

class Owned {
public:
	explicit Owned(PyObject *p = NULL) : p_(p) {}
	~Owned() { Py_XDECREF(p_); }
	PyObject *get() const { return p_; }

private:
	PyObject *p_;
};

template <typename T> struct Shadow {
	static PyTypeObject *_Type;
	PyObject *Json()
	{
		PyObject *json = PyDict_New();
		if (json == NULL)
			return NULL;
		PyDict_SetItemString(
			json, "_t",
			Owned(PyUnicode_FromString(_Type->tp_name)).get());
		return json;
	}
};
