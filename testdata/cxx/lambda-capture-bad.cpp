// The enclosing function still owns what its lambda stored into the
// capture: an exception that leaves it leaks the reference.
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
			throw std::invalid_argument("not an mgp value"); // expect-warning[MOJO-OWN-105] {{new reference 'cached' from 'PyImport_ImportModule' is leaked when the exception leaves 'is_mgp_value'}}
		return r > 0;
	};
	bool r = check(obj);
	Py_XDECREF(cached);
	return PyBool_FromLong(r);
}
