// C++ exceptions are exit paths (issue #17, point 3): a raw reference held
// when an exception leaves the function leaks (MOJO-OWN-105), with the
// throwing call or the `throw` as a step of the path.
#include <Python.h>
#include <stdexcept>
#include <vector>
#include "torch-stub.h"
#include "nanobind/nanobind.h"

PyObject *throw_while_holding(long a)
{
	PyObject *s = PyLong_FromLong(a);
	if (!s)
		return NULL;
	if (a > 3)
		throw std::runtime_error("x"); // expect-warning[MOJO-OWN-105] {{'s' from 'PyLong_FromLong' is leaked when the exception leaves 'throw_while_holding'}}
	return s;
}

// std::vector::at can throw std::out_of_range (rules/cxx.json).
PyObject *throwing_call(const std::vector<long> &v)
{
	PyObject *s = PyLong_FromLong(1001);
	if (!s)
		return NULL;
	long k = v.at(3); // expect-warning[MOJO-OWN-105] {{leaked when the exception leaves}} expect-note {{'std::vector::at' throws here}}
	Py_DECREF(s);
	return PyLong_FromLong(k);
}

// A function of this file whose body throws: its callers get the edge.
static long checked(long x)
{
	if (x < 0)
		throw std::invalid_argument("negative");
	return x * 2;
}

PyObject *same_file_thrower(long a)
{
	PyObject *s = PyLong_FromLong(a);
	if (!s)
		return NULL;
	long d = checked(a); // expect-warning[MOJO-OWN-105] {{'s'}}
	Py_DECREF(s);
	return PyLong_FromLong(d);
}

// TORCH_CHECK throws c10::Error through torchCheckFail.
PyObject *torch_check(PyObject *self, PyObject *arg)
{
	PyObject *t = PyTuple_New(2);
	if (!t)
		return NULL;
	TORCH_CHECK(PyLong_Check(arg), "expected an int"); // expect-warning[MOJO-OWN-105] {{'t'}}
	return t;
}

// A handler that catches, cleans up the wrong thing and rethrows.
PyObject *rethrow_leaks(const std::vector<long> &v)
{
	PyObject *a = PyLong_FromLong(1001);
	if (!a)
		return NULL;
	try {
		long k = v.at(0);
		Py_DECREF(a);
		return PyLong_FromLong(k);
	} catch (const std::out_of_range &) {
		throw; // expect-warning[MOJO-OWN-105] {{'a'}}
	}
}

// HANDLE_TH_ERRORS: a raw reference still held when the handler returns
// nullptr.
PyObject *th_errors(PyObject *self, PyObject *arg)
{
	HANDLE_TH_ERRORS
	PyObject *t = PyTuple_New(1);
	if (!t)
		return NULL;
	TORCH_CHECK(PyLong_Check(arg), "expected an int");
	PyTuple_SET_ITEM(t, 0, arg);
	Py_INCREF(arg);
	return t;
	END_HANDLE_TH_ERRORS // expect-warning[MOJO-OWN-105] {{'t'}}
}

// A raw reference held while raise_if_null may throw for another value.
PyObject *pair_or_throw(long a, long b)
{
	PyObject *x = PyLong_FromLong(a);
	if (!x)
		return NULL;
	PyObject *y = nb::detail::raise_if_null(PyLong_FromLong(b)); // expect-warning[MOJO-OWN-105] {{new reference 'x' from 'PyLong_FromLong' is leaked when the exception leaves 'pair_or_throw'}}
	PyObject *t = PyTuple_Pack(2, x, y);
	Py_DECREF(x);
	Py_DECREF(y);
	return t;
}

// The same helper called without a handler: on its throwing edge the
// caller still holds the argument, and leaks it.
static void drop_after_check(PyObject *weakref, bool alive)
{
	if (!alive)
		throw std::runtime_error("owner destroyed prematurely");
	Py_DECREF(weakref);
}

void drop_unchecked(bool alive)
{
	PyObject *w = PyLong_FromLong(1001);
	if (!w)
		return;
	drop_after_check(w, alive); // expect-warning[MOJO-OWN-105] {{new reference 'w' from 'PyLong_FromLong' is leaked when the exception leaves 'drop_unchecked'}}
}

// A key of any type may raise from its __hash__ or __eq__: the lookup
// may throw while this function holds the key's reference raw.
PyObject *lookup_by_str_of(PyObject *dict, PyObject *o)
{
	PyObject *key = PyObject_Str(o);
	if (!key)
		return NULL;
	PyObject *v = nb::detail::dict_getitem_or_default(dict, key, nullptr); // expect-warning[MOJO-OWN-105] {{new reference 'key' from 'PyObject_Str' is leaked when the exception leaves 'lookup_by_str_of'}}
	Py_DECREF(key);
	return v;
}
