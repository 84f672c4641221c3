// A constructor that throws after storing a new reference into a field
// of its base class: the base was made before the body ran, and its
// destructor runs as the exception leaves, releasing the field
// (pythoncpp's `List(long n)` over `Object`, blind C++ round 102).
// expect-no-diagnostics
#include <Python.h>
#include <stdexcept>

class Object {
protected:
	PyObject *m_p = nullptr;

public:
	Object() = default;
	virtual ~Object() { Py_XDECREF(m_p); }
};

class List : public Object {
public:
	List(long a, long b)
	{
		m_p = PyList_New(2);
		if (!m_p)
			throw std::runtime_error("oom");
		PyObject *x = PyLong_FromLong(a);
		if (!x)
			throw std::runtime_error("oom");
		PyList_SET_ITEM(m_p, 0, x);
		PyObject *y = PyLong_FromLong(b);
		if (!y)
			throw std::runtime_error("oom");
		PyList_SET_ITEM(m_p, 1, y);
	}
};
