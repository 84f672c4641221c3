// A helper that runs Python code (PyObject_Repr, a user `__repr__`) only
// to build the message of the exception its last branch throws: its
// callers, back from it, have run no Python code, and an item they
// borrowed from a dict is still the dict's (aeon's JsonParser::getType,
// blind C++ round 114).
// expect-no-diagnostics
#include <Python.h>
#include <stdexcept>

void log_value(PyObject *repr);

class Totals {
	enum class Kind { Int, Float, None };

	Kind kind_of(PyObject *o)
	{
		if (PyFloat_Check(o))
			return Kind::Float;
		else if (PyLong_Check(o))
			return Kind::Int;
		else if (o == Py_None)
			return Kind::None;
		PyObject *repr = PyObject_Repr(o);
		if (repr) {
			log_value(repr);
			Py_DECREF(repr);
		}
		throw std::invalid_argument("unexpected value");
	}

public:
	double total(PyObject *dict)
	{
		PyObject *key, *value;
		Py_ssize_t pos = 0;
		double sum = 0;
		while (PyDict_Next(dict, &pos, &key, &value)) {
			switch (kind_of(value)) {
			case Kind::Int:
				sum += PyLong_AsLong(value);
				break;
			case Kind::Float:
				sum += PyFloat_AsDouble(value);
				break;
			case Kind::None:
				break;
			}
		}
		return sum;
	}
};

double total_of(PyObject *dict)
{
	Totals t;
	return t.total(dict);
}
