// A member of an owner class type assigned in a constructor's body that
// then throws (papaya2's MinkValReturnData: `ref_area_data =
// np_make_new_vector(..);`, where the maker throws on failure): the
// member is an object, destroyed by its own destructor when the
// exception leaves the constructor, as a member initialized in the
// initializer list is.
// expect-no-diagnostics
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
		first = make_int(n);
		second = make_int(n + 1);
	}
	UniquePyPtr first;
	UniquePyPtr second;
};

long pair_sum(long n)
{
	Pair p(n);
	return PyLong_AsLong(p.first.get()) + PyLong_AsLong(p.second.get());
}
