// An owner declared in the condition of an `else if` inside a loop
// (histograms' `} else if (auto subiter = get_iter(arg)) {`) lives for
// that `if` only: destroyed at its end, on the paths that made it, not
// on the outer branch's path through the same loop iteration.
// expect-no-diagnostics
#include <Python.h>

class py_ptr {
	PyObject *p = nullptr;

public:
	explicit py_ptr(PyObject *o) noexcept : p(o) {}
	py_ptr(const py_ptr &o) noexcept : p(o.p) { Py_XINCREF(p); }
	~py_ptr() { Py_XDECREF(p); }
	explicit operator bool() const noexcept { return p; }
	PyObject *get() const noexcept { return p; }
};

py_ptr get_iter(PyObject *o) { return py_ptr(PyObject_GetIter(o)); }

long count(PyObject *args)
{
	long n = 0;
	for (Py_ssize_t i = 0; i < PyTuple_Size(args); ++i) {
		PyObject *arg = PyTuple_GetItem(args, i);
		if (!arg)
			break;
		if (PyLong_Check(arg)) {
			n += 1;
		} else if (auto subiter = get_iter(arg)) {
			n += 2;
		} else {
			PyErr_Clear();
		}
	}
	return n;
}
