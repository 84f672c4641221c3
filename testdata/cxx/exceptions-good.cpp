// C++ exceptions handled correctly (issue #17, point 3): every raw
// reference is released before an exception can leave, a handler that
// cleans up and rethrows, guards and THPObjectPtr released by unwinding.
#include <Python.h>
#include <stdexcept>
#include <vector>
#include "torch-stub.h"
#include "nanobind/nanobind.h"

// expect-no-diagnostics

PyObject *catch_all_rethrow(long a)
{
	PyObject *s = PyLong_FromLong(a);
	if (!s)
		return NULL;
	try {
		PyObject *r = PyObject_Repr(s);
		Py_DECREF(s);
		return r;
	} catch (...) {
		Py_DECREF(s);
		throw;
	}
}

PyObject *release_before_throw(long a)
{
	PyObject *s = PyLong_FromLong(a);
	if (!s)
		return NULL;
	if (a > 3) {
		Py_DECREF(s);
		throw std::runtime_error("x");
	}
	return s;
}

PyObject *caught_here(const std::vector<long> &v)
{
	PyObject *s = PyLong_FromLong(1);
	if (!s)
		return NULL;
	long k = 0;
	try {
		k = v.at(3);
	} catch (const std::out_of_range &) {
		k = -1;
	}
	Py_DECREF(s);
	return PyLong_FromLong(k);
}

PyObject *thp_object_ptr(PyObject *self, PyObject *arg)
{
	HANDLE_TH_ERRORS
	THPObjectPtr t(PyTuple_New(1));
	if (!t)
		throw python_error();
	TORCH_CHECK(PyLong_Check(arg), "expected an int");
	Py_INCREF(arg);
	PyTuple_SET_ITEM(t.get(), 0, arg);
	return t.release();
	END_HANDLE_TH_ERRORS
}

void function_try_block(long a)
try {
	PyObject *s = PyLong_FromLong(a);
	if (!s)
		return;
	Py_DECREF(s);
} catch (...) {
}

// raise_if_null throws only when its argument is NULL: nothing it was
// given can leak on that edge (nanobind's enum_create_impl).
nb::object call_args(bool three)
{
	nb::object empty = nb::steal(nb::detail::raise_if_null(PyTuple_New(0)));
	nb::object names = nb::steal(nb::detail::raise_if_null(
		three ? Py_BuildValue("(sss)", "a", "b", "c")
		      : Py_BuildValue("(ss)", "a", "b")));
	return names;
}

// A helper that consumes its argument on every return but may throw first
// (pybind11's weakref callbacks, which dec_ref() the weak reference they
// are given after a check that throws): the body tells what it takes on
// its returns only, and its caller keeps the argument on the throwing
// edge, so the throw is not this function's leak.
static void drop_after_check(PyObject *weakref, bool alive)
{
	if (!alive)
		throw std::runtime_error("owner destroyed prematurely");
	Py_DECREF(weakref);
}

void drop_checked(bool alive)
{
	PyObject *w = PyLong_FromLong(1);
	if (!w)
		return;
	try {
		drop_after_check(w, alive);
	} catch (...) {
		Py_DECREF(w);
		throw;
	}
}

// A dict lookup throws only when the key's __hash__ or __eq__ raises: a
// str the function made cannot, so its reference cannot leak on that edge
// (nanobind's nb_module_anchor).
PyObject *anchored(PyObject *dict)
{
	PyObject *key = PyUnicode_FromString("__anchor__");
	if (!key)
		return NULL;
	PyObject *capsule =
		nb::detail::dict_getitem_or_default(dict, key, nullptr);
	Py_DECREF(key);
	return capsule;
}
