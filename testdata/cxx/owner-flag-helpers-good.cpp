// An owner class whose constructor takes a flag saying whether to take a
// reference (rebind's `Object(PyObject *o, bool increment)`), written on
// inline helpers of the project that only take or drop a reference
// (`inline void xincref(PyObject *o) noexcept {Py_XINCREF(o);}`): the
// helpers take the reference for their callers (no leak in their own
// bodies), so `Object{PyTuple_GET_ITEM(args, 0), true}` owns what its
// destructor drops. A function template runs a callable that returns
// such an owner by value (`Object o = static_cast<F &&>(f)();`): the
// object owns what it holds, and the reference taken on it before its
// destructor runs is returned new. A copy a function template makes of
// an owner (`return ok ? out : Object();`) is the copy constructor's. A
// `noexcept` function's throw ends the process (std::terminate): no
// leak on that edge.
// expect-no-diagnostics
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
		Object first{PyTuple_GET_ITEM(args, 0), true};
		return Object(PyObject_Repr(+first), false);
	});
}

static PyObject *get_none(PyObject *self, PyObject *args)
{
	return raw_object([=] { return Object(Py_None, true); });
}

bool set_item(Object const &tuple, Py_ssize_t i, Object const &item);

// (a copy of `out` made by a conditional in a function template, which
// clang leaves to each specialization: the copy constructor's reference,
// paid back by `out`'s destructor)
template <class T> Object pair_of(T const &a, T const &b)
{
	Object out{PyTuple_New(2), false};
	if (!out)
		return {};
	return set_item(out, 0, a) && set_item(out, 1, b) ? out : Object();
}

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

PyObject *make_holder(PyTypeObject *subtype) noexcept
{
	PyObject *o = subtype->tp_alloc(subtype, 0);
	if (o)
		value_of(o) = 0;
	return o;
}

static PyMethodDef methods[] = {
	{"first_repr", first_repr, METH_VARARGS, nullptr},
	{"get_none", get_none, METH_VARARGS, nullptr},
	{nullptr, nullptr, 0, nullptr},
};

} // namespace rb
