// As owner-flag-helpers-good.cpp, with the mistakes those helpers make
// easy: a borrowed item held without the flag (the destructor drops a
// reference the function never had), a reference taken by the helper and
// never given back (by a function, or by a member that throws), the
// same throw out of a function that is not `noexcept`, and a copy
// constructor that takes no reference.
#include <Python.h>
#include <stdexcept>

namespace rb {

inline void incref(PyObject *o) noexcept { Py_INCREF(o); }
inline void xincref(PyObject *o) noexcept { Py_XINCREF(o); }
inline void xdecref(PyObject *o) noexcept { Py_XDECREF(o); }

struct PythonError {};

struct Object {
	PyObject *ptr = nullptr;
	Object() = default;
	Object(PyObject *o, bool increment) : ptr(o)
	{
		if (increment)
			xincref(ptr);
	}
	Object(Object const &o) noexcept : ptr(o.ptr) { xincref(ptr); }
	Object(Object &&o) noexcept : ptr(o.ptr) { o.ptr = nullptr; }
	explicit operator bool() const { return ptr; }
	PyObject *operator+() const { return ptr; }
	~Object() { xdecref(ptr); }
};

template <class F> PyObject *raw_object(F &&f) noexcept
{
	try {
		Object o = static_cast<F &&>(f)();
		xincref(+o);
		return +o;
	} catch (PythonError const &) {
		return nullptr;
	}
}

static PyObject *first_repr(PyObject *self, PyObject *args)
{
	return raw_object([=] {
		Object first{PyTuple_GET_ITEM(args, 0), false};
		return Object(PyObject_Repr(+first), false); // expect-error[MOJO-OWN-106] {{borrowed reference 'first.ptr' from 'PyTuple_GET_ITEM' is released by 'xdecref' but this function does not own it}}
	});
}

static PyObject *get_none(PyObject *self, PyObject *args)
{
	incref(self);
	return raw_object([=] { return Object(Py_None, true); }); // expect-warning[MOJO-OWN-101] {{an extra reference to 'self' (taken by 'incref') is never released}}
}

// (an owner whose copy constructor takes no reference of its own: the
// copy a function template returns is released by `out`'s destructor)
struct Shallow {
	PyObject *ptr = nullptr;
	Shallow() = default;
	explicit Shallow(PyObject *o) : ptr(o) {}
	Shallow(Shallow const &o) noexcept : ptr(o.ptr) {}
	explicit operator bool() const { return ptr; }
	~Shallow() { xdecref(ptr); }
};

bool set_item(Shallow const &tuple, Py_ssize_t i, PyObject *item);

template <class T> Shallow pair_of(T *a, T *b)
{
	Shallow out{PyTuple_New(2)};
	if (!out)
		return {};
	return set_item(out, 0, a) && set_item(out, 1, b) ? out : Shallow(); // expect-error[MOJO-OWN-103] {{new reference 'out.ptr' from 'PyTuple_New' is returned after it was released}}
}

// (a member that takes a reference for a function that steals only when
// it succeeds, and throws when it fails: the reference is lost)
struct ModuleRef {
	PyObject *m;
	void add_object(const char *name, PyObject *val)
	{
		incref(val);
		if (PyModule_AddObject(m, name, val) < 0)
			throw PythonError(); // expect-warning[MOJO-OWN-105] {{an extra reference to 'val' (taken by 'incref') is leaked when the exception leaves 'ModuleRef::add_object'}}
	}
};

struct Holder {
	PyObject_HEAD
	int value;
};

inline int &value_of(PyObject *o)
{
	if (!PyLong_Check(o))
		throw std::invalid_argument("not a holder");
	return reinterpret_cast<Holder *>(o)->value;
}

PyObject *make_holder(PyTypeObject *subtype)
{
	PyObject *o = subtype->tp_alloc(subtype, 0);
	if (o)
		value_of(o) = 0; // expect-warning[MOJO-OWN-105] {{new reference 'o' from '_typeobject.tp_alloc' is leaked when the exception leaves 'make_holder'}}
	return o;
}

static PyMethodDef methods[] = {
	{"first_repr", first_repr, METH_VARARGS, nullptr},
	{"get_none", get_none, METH_VARARGS, nullptr},
	{nullptr, nullptr, 0, nullptr},
};

} // namespace rb
