// As template-tag-ctor-good.cpp, but the new reference is given to
// `incref(o)`, whose constructor takes one more: the object's destructor
// releases one of the two.
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
	PyObjectPtr rv = PyObjectPtr::incref(PyObject_CallMethod(source, "next", nullptr));
	if (!rv.get())
		return nullptr;
	return PyBool_FromLong(rv.get() == Py_None); // expect-warning[MOJO-OWN-101] {{new reference 'rv.m_obj' from 'PyObject_CallMethod' is never released}}
}
