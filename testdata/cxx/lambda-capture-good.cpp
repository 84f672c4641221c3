// expect-no-diagnostics
// Reduced from memgraph (query/procedure/py_module.cpp): a lambda fills a
// variable of the function around it, captured by reference, then may
// throw; the enclosing function releases the variable on both ways out.
// Analyzed on its own, the lambda leaks nothing: the reference is the
// capture's.
#include <Python.h>
#include <stdexcept>

PyObject *is_mgp_value(PyObject *obj)
{
	PyObject *cached = nullptr;
	auto check = [&cached](PyObject *o) {
		if (!cached)
			cached = PyImport_ImportModule("mgp");
		if (!cached)
			return false;
		int r = PyObject_IsTrue(o);
		if (r < 0)
			throw std::invalid_argument("not an mgp value");
		return r > 0;
	};
	bool r;
	try {
		r = check(obj);
	} catch (const std::invalid_argument &) {
		Py_XDECREF(cached);
		return nullptr;
	}
	Py_XDECREF(cached);
	return PyBool_FromLong(r);
}
