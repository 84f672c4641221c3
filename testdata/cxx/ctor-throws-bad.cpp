// A constructor that throws after a member took a reference (issue #26):
// the object is never made, its destructor does not run, and what the
// constructor stored into its raw fields leaks. (The file catches
// std::bad_alloc, in `make_holder`: a `new` that fails does not end the
// process here; ctor-throws-good.cpp has no such handler.)
#include <Python.h>
#include <cstdlib>
#include <new>
#include <stdexcept>

struct Holder {
	PyObject *ref;
	double *buf;
	Holder(PyObject *o, size_t n)
		: ref((Py_INCREF(o), o)), buf(new double[n]) {} // expect-warning[MOJO-OWN-105] {{an extra reference to 'o' (taken by 'Py_INCREF'), stored in 'this->ref', is leaked when the exception leaves the constructor 'Holder::Holder'}}
	~Holder()
	{
		delete[] buf;
		Py_DECREF(ref);
	}
};

struct Cache {
	PyObject *items;
	double *scratch;
	explicit Cache(size_t n)
	{
		items = PyList_New(0);
		if (!items)
			throw std::runtime_error("no list");
		scratch = new double[n]; // expect-warning[MOJO-OWN-105] {{new reference from 'PyList_New', stored in 'this->items', is leaked when the exception leaves the constructor 'Cache::Cache'}}
	}
	~Cache()
	{
		delete[] scratch;
		Py_DECREF(items);
	}
};

// A borrowed reference kept without a reference of its own is not the
// constructor's to release (MOJO-BOR-202 speaks of keeping it).
struct View {
	double *buf;
	explicit View(size_t n) : buf(new double[n]) {}
	~View() { delete[] buf; }
};

PyObject *make_holder(PyObject *o, Py_ssize_t n)
{
	try {
		Holder h(o, (size_t)n);
		Py_RETURN_NONE;
	} catch (const std::exception &) {
		// (what the constructor left behind is this caller's leak too)
		PyErr_NoMemory();
		return NULL; // expect-warning[MOJO-OWN-105] {{an extra reference to 'o' (taken by 'Py_INCREF') is leaked on the error exit}}
	}
}

// A failed allocation thrown the standard way, in a file that catches it:
// the reference taken before it leaks on that edge.
inline void *xrealloc(void *p, size_t n)
{
	void *r = std::realloc(p, n);
	if (r == nullptr)
		throw std::bad_alloc();
	return r;
}

PyObject *grown(PyObject *o)
{
	Py_INCREF(o);
	void *buf = xrealloc(nullptr, 64); // expect-warning[MOJO-OWN-105] {{'o'}}
	std::free(buf);
	return o;
}
