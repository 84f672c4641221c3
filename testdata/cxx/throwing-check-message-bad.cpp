// As throwing-check-message-good.cpp, but a second check throws while
// the first result is held: it is leaked when the exception leaves.
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
	PyObject *name = PyUnicode_FromString("name");
	pythonToCppException(name); // expect-warning[MOJO-OWN-105] {{new reference 'key' from 'PyTuple_Pack' is leaked when the exception leaves 'pair'}}
	PyObject *r = PyTuple_Pack(2, key, name);
	Py_DECREF(key);
	Py_DECREF(name);
	return r;
}
