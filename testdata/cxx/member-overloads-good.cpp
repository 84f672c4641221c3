// Overloads of a member share its name: a call is followed through the
// overload its signature picks. `Value(const char *)` hands a new object
// to `Value(PyObject *)`, which keeps it in a field another member
// releases: nothing leaks.
// expect-no-diagnostics
#include <Python.h>

class Var {
public:
	Var &Value(const char *s) { return Value(PyUnicode_FromString(s)); }
	Var &Value(PyObject *v)
	{
		if (!v)
			throw 1;
		ref = v;
		return *this;
	}
	void Free() { Py_CLEAR(ref); }

private:
	PyObject *ref;
};
