// The overload the signature picks only looks at what it is given: the
// new object handed to it is never released.
#include <Python.h>

class Var {
public:
	int Value(const char *s) { return Value(PyUnicode_FromString(s)); } // expect-warning[MOJO-OWN-101] {{new reference from 'PyUnicode_FromString' is never released}}
	int Value(PyObject *v) { return v != NULL && PyObject_IsTrue(v) > 0; }
	int Value(long n) { return n > 0; }
};
