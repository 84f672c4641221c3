// A member helper that reads `PyErr_Occurred()` into a variable and
// throws when it is not NULL (pythonfmu's handle_py_exception, C++ round
// 100), called after a failed call: it does not return, so the NULL
// result never reaches PyObject_IsTrue.
// expect-no-diagnostics
#include <Python.h>
#include <stdexcept>

class Slave {
public:
	bool step(double t)
	{
		PyObject *f = PyObject_CallMethod(instance_, "do_step", "(d)", t);
		if (f == nullptr)
			handle_py_exception("do_step");
		bool status = PyObject_IsTrue(f) > 0;
		Py_DECREF(f);
		return status;
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
