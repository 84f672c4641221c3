// As ctor-throws-base-owns-good.cpp, but the field is the class's own:
// the exception leaves no object, and no destructor releases it.
#include <Python.h>
#include <stdexcept>

class Object {
public:
	virtual ~Object() {}
};

class List : public Object {
	PyObject *m_p = nullptr;

public:
	~List() { Py_XDECREF(m_p); }
	List(long a)
	{
		m_p = PyList_New(1);
		if (!m_p)
			throw std::runtime_error("oom");
		PyObject *x = PyLong_FromLong(a);
		if (!x)
			throw std::runtime_error("oom"); // expect-warning[MOJO-OWN-105] {{stored in 'this->m_p', is leaked when the exception leaves the constructor}}
		PyList_SET_ITEM(m_p, 0, x);
	}
};
