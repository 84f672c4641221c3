// A small owner library in the style of nucleic's cppy, as installed
// outside a project (here under the stub include folder): reference
// helpers that hand their argument back, and a pointer class that owns
// one reference. Its constructor takes a new reference over, or, given
// `true`, takes one of its own; copying takes another; its destructor
// gives its reference back. The analysis follows these as written.
#pragma once
#include <Python.h>

namespace cppy {

template <typename T> inline T *incref(T *ob)
{
	Py_INCREF(ob);
	return ob;
}

template <typename T> inline T *xincref(T *ob)
{
	Py_XINCREF(ob);
	return ob;
}

template <typename T> inline T *xdecref(T *ob)
{
	Py_XDECREF(ob);
	return ob;
}

class ptr {
public:
	ptr() : m_ob(0) {}
	ptr(const ptr &other) : m_ob(cppy::xincref(other.get())) {}
	ptr(PyObject *ob, bool incref = false)
		: m_ob(incref ? cppy::xincref(ob) : ob) {}
	~ptr()
	{
		PyObject *old = m_ob;
		m_ob = 0;
		Py_XDECREF(old);
	}
	ptr &operator=(PyObject *other)
	{
		PyObject *old = m_ob;
		m_ob = other;
		Py_XDECREF(old);
		return *this;
	}
	ptr &operator=(const ptr &other)
	{
		PyObject *old = m_ob;
		m_ob = other.get();
		Py_XINCREF(m_ob);
		Py_XDECREF(old);
		return *this;
	}
	PyObject *get() const { return m_ob; }
	PyObject *release()
	{
		PyObject *ob = m_ob;
		m_ob = 0;
		return ob;
	}
	operator void *() const { return static_cast<void *>(m_ob); }

private:
	PyObject *m_ob;
};

} // namespace cppy
