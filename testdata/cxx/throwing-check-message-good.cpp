// A throwing check that builds its message from the pending error
// (vigra's pythonToCppException: `if (obj != 0) return; PyErr_Fetch(..);
// std::string message(..); .. throw std::runtime_error(message.c_str());`)
// is inlined at its calls although libclang shows 65 statements and
// expressions in it: the path that goes on has a non-NULL argument, and
// the exception leaves only where it is NULL, with nothing to leak.
// expect-no-diagnostics
#include <Python.h>
#include <stdexcept>
#include <string>

template <class PYOBJECT_PTR>
void pythonToCppException(PYOBJECT_PTR obj)
{
	if (obj != 0)
		return;
	PyObject *type, *value, *trace;
	PyErr_Fetch(&type, &value, &trace);
	if (type == 0)
		return;
	std::string message(((PyTypeObject *)type)->tp_name);
	Py_XDECREF(type);
	Py_XDECREF(value);
	Py_XDECREF(trace);
	throw std::runtime_error(message.c_str());
}

PyObject *pair(PyObject *a, PyObject *b)
{
	PyObject *key = PyTuple_Pack(2, a, b);
	pythonToCppException(key);
	return key;
}
