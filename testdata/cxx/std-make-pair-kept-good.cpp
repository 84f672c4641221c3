// New references returned in a std::pair or std::tuple (SimpleOrderbook's
// build_pair): std::make_pair and std::make_tuple keep copies of their
// arguments in the value they return, and the caller releases both.
#include <Python.h>
#include <utility>
#include <tuple>
static std::pair<PyObject *, PyObject *> build_pair(double d, size_t n)
{
	return std::make_pair(PyFloat_FromDouble(d), PyLong_FromSize_t(n));
}
static std::tuple<PyObject *, PyObject *> build_tuple(double d, size_t n)
{
	return std::make_tuple(PyFloat_FromDouble(d), PyLong_FromSize_t(n));
}
PyObject *to_dict(double d, size_t n)
{
	PyObject *dict = PyDict_New();
	if (!dict)
		return NULL;
	auto p = build_pair(d, n);
	if (p.first && p.second)
		PyDict_SetItem(dict, p.first, p.second);
	Py_XDECREF(p.first);
	Py_XDECREF(p.second);
	auto t = build_tuple(d, n);
	Py_XDECREF(std::get<0>(t));
	Py_XDECREF(std::get<1>(t));
	return dict;
}

// expect-no-diagnostics
