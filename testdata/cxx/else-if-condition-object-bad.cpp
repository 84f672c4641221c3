// As else-if-condition-object-good.cpp, but the iterator is also
// released by hand before the object's destructor releases it.
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
			Py_DECREF(subiter.get());
		} else {
			PyErr_Clear();
		} // expect-error[MOJO-OWN-104] {{new reference 'subiter.p' from 'get_iter' is released twice}}
	}
	return n;
}
