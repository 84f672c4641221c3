// C++ guard classes: what their destructors do decides (issue #17,
// point 2): a guard copied without its own copy constructor releases twice,
// a guard whose destructor forgets its reference leaks it, a pointer read
// from a guard is dangling once the guard is destroyed.
#include <Python.h>

struct Ref {
	PyObject *p;
	explicit Ref(PyObject *o) : p(o) {}
	~Ref() { Py_XDECREF(p); }
};

struct Forgetful {
	PyObject *p;
	explicit Forgetful(PyObject *o) : p(o) {}
	// Whether the constructor takes its argument's reference is guessed
	// from its storing it: the leak is reported where the reference was
	// made (forgotten() below), not as the teardown's (MOJO-OWN-110).
	~Forgetful() { p = nullptr; }
};

int copied(long a)
{
	Ref x(PyLong_FromLong(a));
	Ref y(x); // the implicit copy: both release the same reference
	return 0; // expect-error[MOJO-OWN-104] {{released twice}}
}

int forgotten(long a)
{
	Forgetful f(PyLong_FromLong(a));
	return 0;
} // expect-warning[MOJO-OWN-101]@-1 {{'f.p'}}

PyObject *dangling(long a)
{
	Ref x(PyLong_FromLong(a));
	return x.p; // expect-error[MOJO-OWN-103] {{returned after it was released}}
}

PyObject *raw_before_guard(long a, long b)
{
	PyObject *raw = PyLong_FromLong(a);
	Ref y(PyLong_FromLong(b));
	if (!y.p)
		return NULL; // expect-warning[MOJO-OWN-105] {{'raw'}}
	Py_XDECREF(raw);
	return PyObject_Repr(y.p);
}

// A class that makes its own reference and whose destructor forgets it:
// that ownership is certain, and the teardown leaks it.
struct Counter {
	PyObject *total;
	Counter() : total(PyLong_FromLong(1000)) {}
	~Counter() { total = nullptr; } // expect-warning[MOJO-OWN-110] {{field 'total' of 'Counter' owns a new reference from 'PyLong_FromLong' but the teardown of type 'Counter' never releases it}}
};

int count_once(void)
{
	Counter c;
	return c.total != nullptr; // expect-warning[MOJO-OWN-101] {{'c.total'}}
}
