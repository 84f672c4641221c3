// As derived-unique-ptr-good.cpp, but the handle is taken out of the
// owner and dropped: the reference the owner gave up is leaked.
#include <Python.h>
#include <memory>

struct RefDeccer {
	void operator()(PyObject *o) { Py_XDECREF(o); }
};

struct UniquePyPtr : std::unique_ptr<PyObject, RefDeccer> {
	using base_t = std::unique_ptr<PyObject, RefDeccer>;
	using base_t::base_t;
};

Py_ssize_t list_size(Py_ssize_t n)
{
	UniquePyPtr l(PyList_New(n));
	if (!l)
		return -1;
	PyObject *raw = l.release();
	return PyList_Size(raw); // expect-warning[MOJO-OWN-101] {{new reference 'l' from 'PyList_New' is never released}}
}
