// As member-raises-if-error-set-good.cpp: the helper throws after the
// failed call, and the list the member holds is not released on that edge.
#include <Python.h>
#include <stdexcept>

class Slave {
public:
	PyObject *step(double t)
	{
		PyObject *l = PyList_New(0);
		if (l == nullptr)
			return nullptr;
		PyObject *f = PyObject_CallMethod(instance_, "do_step", "(d)", t);
		if (f == nullptr)
			handle_py_exception("do_step"); // expect-warning[MOJO-OWN-105] {{new reference 'l' from 'PyList_New' is leaked when the exception leaves 'Slave::step'}}
		if (PyList_Append(l, f) < 0) {
			Py_DECREF(f);
			Py_DECREF(l);
			return nullptr;
		}
		Py_DECREF(f);
		return l;
	}

private:
	PyObject *instance_{};
	void handle_py_exception(const char *what) const
	{
		const auto err = PyErr_Occurred();
		if (err != nullptr) {
			PyErr_Clear();
			throw std::runtime_error(what);
		}
	}
};
