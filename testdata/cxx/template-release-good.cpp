// Holders whose release function is a template argument (issue #26): a
// class template's pattern is lowered with the specialization's
// arguments, so `holder<PyObject *, Py_DecRef>` releases what it holds
// with Py_DecRef, under -std=c++11, c++14 and c++17 alike (meson.build).
#include <Python.h>
#include <stdlib.h>

// The holder template is in a header (template-release.h), as projects
// keep it: its functions have no summaries; the "empty" getter is inlined.
#include "template-release.h"

typedef holder<PyObject *, Py_DecRef> ref_holder;

// Whether the holder owns is a template argument too.
template <typename T, void drop_fn(T), int owns>
class maybe_holder {
	T h_;

public:
	explicit maybe_holder(T v) : h_(v) {}
	~maybe_holder()
	{
		if (owns && h_)
			drop_fn(h_);
	}
};

// A class that is a specialization's subclass: the base's members are
// the specialization's.
class list_holder : public holder<PyObject *, Py_DecRef> {
public:
	list_holder() : holder(PyList_New(0)) {}
};

PyObject *build_list(void)
{
	ref_holder ans(PyList_New(0));
	if (!ans)
		return NULL;
	ref_holder item(PyLong_FromLong(7));
	if (!item)
		return NULL;
	if (PyList_Append(ans.get(), item.get()) < 0)
		return NULL;
	return ans.take();
}

int append_in_loop(PyObject *list, int n)
{
	for (int i = 0; i < n; i++) {
		ref_holder item(PyLong_FromLong(i));
		if (item)
			PyList_Append(list, item.get());
	}
	return 0;
}

int replaced(void)
{
	ref_holder o(PyList_New(0));
	o.reset(PyDict_New());
	return o ? 0 : -1;
}

int with_xdecref(void)
{
	plain_holder<PyObject *, Py_XDECREF> o(PyList_New(0));
	return o.get() ? 0 : -1;
}

int with_decref(void)
{
	plain_holder<PyObject *, Py_DECREF> o(PyList_New(0));
	if (!o.get())
		return -1;
	return 0;
}

int not_owning(PyObject *arg)
{
	maybe_holder<PyObject *, Py_DecRef, 0> o(arg);
	return 0;
}

int owning(void)
{
	maybe_holder<PyObject *, Py_DecRef, 1> o(PyList_New(0));
	return 0;
}

int subclass(void)
{
	list_holder l;
	return l ? 0 : -1;
}

void *memory(void)
{
	holder<> m(malloc(16));
	return m.take();
}

// expect-no-diagnostics
