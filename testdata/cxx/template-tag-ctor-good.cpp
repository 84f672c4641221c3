// An owner class template with two private constructors of one
// parameter: from `T *`, which takes one more reference, and from a
// pointer to an empty tag type, which takes the reference over (csp's
// PyPtr<T>::own, C++ round 101). `own(o)`'s `PyPtr((PyObjectOwn *) o)` is
// left unresolved in the template: the constructor is the one the
// argument's type fits.
// expect-no-diagnostics
#include <Python.h>

struct PyObjectOwn {};

template <typename T> class PyPtr {
public:
	PyPtr() : m_obj(nullptr) {}
	~PyPtr() { Py_XDECREF(m_obj); }
	PyPtr(PyPtr &&rhs) : m_obj(rhs.m_obj) { rhs.m_obj = nullptr; }
	T *get() const { return m_obj; }
	static PyPtr own(T *o) { return PyPtr((PyObjectOwn *)o); }
	static PyPtr incref(T *o) { return PyPtr(o); }

private:
	PyPtr(T *o)
	{
		Py_XINCREF(o);
		m_obj = o;
	}
	PyPtr(PyObjectOwn *o) { m_obj = (T *)o; }
	T *m_obj;
};
using PyObjectPtr = PyPtr<PyObject>;

PyObject *is_exhausted(PyObject *source)
{
	PyObjectPtr rv = PyObjectPtr::own(PyObject_CallMethod(source, "next", nullptr));
	if (!rv.get())
		return nullptr;
	return PyBool_FromLong(rv.get() == Py_None);
}
