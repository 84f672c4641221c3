// A class derived from std::unique_ptr with a deleter that releases a
// reference, inheriting its constructors (papaya2's `struct UniquePyPtr :
// std::unique_ptr<PyObject, RefDeccer> { using base_t::base_t; }`): the
// constructor is unique_ptr's, which takes the reference over, and the
// deleter named by the base's template arguments releases it.
// expect-no-diagnostics
#include <Python.h>
#include <memory>
#include <stdexcept>

struct RefDeccer {
	void operator()(PyObject *o) { Py_XDECREF(o); }
};

struct UniquePyPtr : std::unique_ptr<PyObject, RefDeccer> {
	using base_t = std::unique_ptr<PyObject, RefDeccer>;
	using base_t::base_t;
};

static UniquePyPtr make_list(Py_ssize_t n)
{
	auto ret = UniquePyPtr(PyList_New(n));
	if (!ret)
		throw std::runtime_error("PyList_New");
	return ret;
}

Py_ssize_t list_size(Py_ssize_t n)
{
	UniquePyPtr l(PyList_New(n));
	if (!l)
		return -1;
	return PyList_Size(l.get());
}

PyObject *first_list(PyObject *, PyObject *)
{
	try {
		UniquePyPtr l = make_list(1);
		return l.release();
	} catch (std::exception &) {
		PyErr_NoMemory();
		return nullptr;
	}
}
