// The overload a class template's member calls is chosen by its
// arguments in the template's pattern too: one that only looks at what
// it is given leaves the new reference leaked.
#include <Python.h>

template <typename M>
class Counter {
public:
	int Count(const char *s) { return Count(PyUnicode_FromString(s)); } // expect-warning[MOJO-OWN-101] {{new reference from 'PyUnicode_FromString' is never released}}
	int Count(long n) { return n > 0; }
	int Count(PyObject *v) { return v != NULL && PyObject_IsTrue(v) > 0; }
};

int count_of(Counter<int> *c)
{
	return c->Count("x");
}
