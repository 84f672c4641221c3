// A helper that runs Python code (PyObject_Repr, a user `__repr__` of an
// int subclass) on a branch that returns: its callers, back from it, may
// have run code that changed the dict, and the item they borrowed from it
// may be gone (runs-code-only-when-throwing-good.cpp runs it only on the
// branch that throws).
#include <Python.h>
#include <stdexcept>

void log_value(PyObject *repr);

class Totals {
	enum class Kind { Int, Float, None };

	Kind kind_of(PyObject *o)
	{
		if (PyLong_Check(o)) {
			PyObject *repr = PyObject_Repr(o);
			if (repr) {
				log_value(repr);
				Py_DECREF(repr);
			}
			return Kind::Int;
		}
		else if (o == Py_None)
			return Kind::None;
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
				sum += PyLong_AsLong(value); // expect-warning[MOJO-BOR-206] {{borrowed reference 'value' from 'PyDict_Next' is passed to 'PyLong_AsLong' after 'Totals::kind_of' may have run Python code}}
				break;
			default:
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
