// As owner-member-assigned-good.cpp, but the first member is a plain
// pointer: nothing releases what it holds when the constructor throws.
// (The second, an owner object, is released by its own destructor: no
// field of the class owns its reference, MOJO-OWN-110 says nothing.)
#include <Python.h>
#include <memory>
#include <stdexcept>

struct RefDeccer {
	void operator()(PyObject *o) { Py_XDECREF(o); }
};
using UniquePyPtr = std::unique_ptr<PyObject, RefDeccer>;

static UniquePyPtr make_int(long n)
{
	UniquePyPtr ret(PyLong_FromLong(n));
	if (!ret)
		throw std::runtime_error("PyLong_FromLong");
	return ret;
}

struct Pair {
	Pair(long n)
	{
		first = make_int(n).release();
		second = make_int(n + 1); // expect-warning[MOJO-OWN-105] {{new reference 'ret' from 'PyLong_FromLong', stored in 'this->first', is leaked when the exception leaves the constructor 'Pair::Pair' (the object is never made: its destructor does not run)}}
	}
	~Pair() { Py_XDECREF(first); }
	PyObject *first;
	UniquePyPtr second;
};
