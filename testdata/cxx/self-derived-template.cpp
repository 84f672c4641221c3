// expect-no-diagnostics
// A class template derived from itself with other arguments (clif's
// runtime.cc, through abseil's tuple helpers): the chain of single bases
// is followed to a bounded depth, and a class asked about while its own
// model is being made is no guard (it crashed the analysis: a stack
// overflow).
#include <Python.h>

template <int N> struct Tuple : Tuple<N - 1> {
	Tuple() {}
};
template <> struct Tuple<0> {
	PyObject *p = nullptr;
};

PyObject *make(void)
{
	Tuple<3> t;
	(void)t;
	return PyList_New(0);
}
