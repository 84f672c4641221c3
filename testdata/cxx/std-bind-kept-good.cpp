// A Python callable and its argument tuple bound into a call object the
// caller keeps (polyvr's callbacks): std::bind copies its arguments into
// the object it returns, which makes the calls later; the reference taken
// on the callable and the tuple's are that object's.
#include <Python.h>
#include <functional>
#include <string>

void call_with_string(PyObject *callable, PyObject *args, std::string s);
void call_without(PyObject *callable, PyObject *args);

bool to_callback(PyObject *callable, std::function<void(std::string)> &cb)
{
	Py_INCREF(callable);
	PyObject *args = PyTuple_New(1);
	cb = std::bind(call_with_string, callable, args, std::placeholders::_1);
	return true;
}

bool to_void_callback(PyObject *callable, std::function<void()> &cb)
{
	Py_INCREF(callable);
	PyObject *args = PyTuple_New(0);
	cb = std::bind(call_without, callable, args);
	return true;
}

// expect-no-diagnostics
