// Library owners used correctly (issue #17, point 2): std::unique_ptr with
// a custom deleter and release()/reset()/get(), std::shared_ptr, nanobind's
// object/handle with nb::steal/nb::borrow (include/nanobind/nanobind.h),
// THPObjectPtr, std::move from an owner. No function may get a finding.
#include <Python.h>
#include <memory>
#include <utility>
#include "nanobind/nanobind.h"
#include "torch-stub.h"

// expect-no-diagnostics

struct DecRef {
	void operator()(PyObject *o) const { Py_XDECREF(o); }
};
using Owned = std::unique_ptr<PyObject, DecRef>;

PyObject *unique_get(long a)
{
	Owned u(PyLong_FromLong(a));
	if (!u)
		return NULL;
	return PyObject_Repr(u.get());
}

PyObject *unique_release(long a)
{
	Owned u(PyLong_FromLong(a));
	if (!u)
		return NULL;
	if (PyObject_IsTrue(u.get()) < 0)
		return NULL;
	return u.release();
}

int unique_reset(long a)
{
	Owned u(PyLong_FromLong(a));
	u.reset(PyLong_FromLong(a + 1)); // the first is released here
	u.reset();
	return 0;
}

PyObject *unique_move(long a)
{
	Owned u(PyLong_FromLong(a));
	Owned v(std::move(u)); // u is empty afterwards
	if (!v)
		return NULL;
	return v.release();
}

static void decref_fn(PyObject *o) { Py_XDECREF(o); }

int unique_fn_deleter(long a)
{
	std::unique_ptr<PyObject, void (*)(PyObject *)> u(PyLong_FromLong(a),
							   &decref_fn);
	return u ? 0 : -1;
}

int shared(long a)
{
	std::shared_ptr<PyObject> s(PyLong_FromLong(a), DecRef());
	std::shared_ptr<PyObject> t = s;
	return t.get() != nullptr;
}

PyObject *nb_steal(long a)
{
	nb::object o = nb::steal(PyLong_FromLong(a));
	if (!o.is_valid())
		return NULL;
	return o.release().ptr();
}

PyObject *nb_borrow(PyObject *arg)
{
	nb::object o = nb::borrow(arg);
	nb::object copy = o; // a new reference, released by its destructor
	return copy.release().ptr();
}

int nb_handle(PyObject *arg)
{
	nb::handle h(arg); // borrows
	h.inc_ref();
	h.dec_ref();
	return h.ptr() != nullptr;
}

PyObject *thp(long a)
{
	THPObjectPtr p(PyLong_FromLong(a));
	if (!p)
		return NULL;
	return p.release();
}

// A chain of calls on temporaries is lowered once per call (it was lowered
// twice per level: 2^24 here).
int attr_chain(PyObject *arg)
{
	nb::object o = nb::borrow(arg);
	nb::object r = o.attr("a").attr("b").attr("c").attr("d").attr("e")
			       .attr("f").attr("g").attr("h").attr("i").attr("j")
			       .attr("k").attr("l").attr("m").attr("n").attr("o")
			       .attr("p").attr("q").attr("r").attr("s").attr("t")
			       .attr("u").attr("v").attr("w").attr("x");
	return r.is_valid();
}

// unique_ptr calls its deleter only on a non-null pointer: a deleter that
// uses Py_DECREF is fine on an acquisition that failed.
struct StrictDecRef {
	void operator()(PyObject *o) const { Py_DECREF(o); }
};

int unique_maybe_null(PyObject *o)
{
	std::unique_ptr<PyObject, StrictDecRef> a(PyObject_GetAttrString(o, "x"));
	return a ? 1 : 0;
}

// Assigned from nb::borrow: `o = x` returns `o` by reference, no
// temporary to destroy (nanobind's submodule_new).
int assign_borrowed(PyObject *d, const char *name)
{
	nb::object res;
	res = nb::borrow(PyDict_GetItemString(d, name));
	if (!res.is_valid())
		return -1;
	return 0;
}

// A module borrowed for its exec slot, a class bound in it and functions
// defined on both: `def` returns its object by reference, and the class's
// constructor makes a new type (nanobind's test_foreign).
struct Point {
	int x;
};
void point_norm();
void make_point();

int exec_module(PyObject *m)
{
	nb::module_ mod = nb::borrow<nb::module_>(m);
	nb::class_<Point>(mod, "Point").def("norm", point_norm);
	mod.def("make_point", make_point);
	return 0;
}

// Objects made in an argument and passed on as handles: the temporaries
// die after the call and release what they stole (nanobind's
// enum_append_impl).
void set_attribute(PyObject *o, const char *name, nb::handle value);

void number_it(PyObject *o, long n)
{
	set_attribute(o, "_sort_order_",
		      nb::steal(nb::detail::raise_if_null(PyLong_FromLong(n))));
	set_attribute(o, "_value_", nb::steal(PyLong_FromLong(n)));
}

// An object made by the arm of a conditional that is taken: the arm's
// prvalue is the variable itself (C++17 elision), not a temporary
// destroyed after the statement (nanobind's enum_create).
nb::object make_default();

PyObject *docstring_or_default(const char *doc)
{
	nb::object t = doc ? nb::str(doc) : make_default();
	return t.release().ptr();
}

// An owner taken by non-const reference is the caller's: assigning it
// releases what the caller's object held and gives it the new one.
void fill_docstring(nb::object &result, const char *doc)
{
	result = nb::str(doc);
}
