// As default-null-arg-good.cpp, but the result is taken out of its owner
// and never released.
#include <Python.h>
#include <stdexcept>

struct py_ptr {
	PyObject *ptr_;
	explicit py_ptr(PyObject *p, bool check_new = false) : ptr_(p)
	{
		if (check_new && !p)
			throw std::runtime_error("python error");
	}
	~py_ptr() { reset(); }
	void reset(PyObject *p = 0)
	{
		if (p == ptr_)
			return;
		Py_XDECREF(ptr_);
		ptr_ = p;
	}
	PyObject *release()
	{
		PyObject *p = ptr_;
		ptr_ = nullptr;
		return p;
	}
	operator PyObject *() const { return ptr_; }
};

double resolution(PyObject *tags, long index)
{
	py_ptr func(PyUnicode_FromString("resolution"), true);
	py_ptr i(PyLong_FromLong(index), true);
	py_ptr res(PyObject_CallFunctionObjArgs(func, tags, (PyObject *)i, NULL),
		   true);
	PyObject *raw = res.release();
	return PyFloat_AsDouble(raw); // expect-warning[MOJO-OWN-101] {{new reference 'res.ptr_' from 'PyObject_CallFunctionObjArgs' is never released}}
}
