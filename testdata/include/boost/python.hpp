/*
 * boost/python.hpp — a faithful subset of Boost.Python's handle and object
 * (boost/python/handle.hpp, object_core.hpp), for tests that must not need
 * Boost installed: handle<T> takes the new reference it is made from
 * (allow_null(p): NULL allowed; borrowed(p): a reference of its own), its
 * copy increfs, its destructor Py_XDECREFs; get(), release(), reset();
 * made of NULL without allow_null, it throws. object owns one reference;
 * ptr() is its handle; list is one. decref, xdecref, incref, xincref.
 * The same names, in the same namespaces, as the real headers.
 */
#ifndef OWNLINT_STUB_BOOST_PYTHON_HPP
#define OWNLINT_STUB_BOOST_PYTHON_HPP
#include <Python.h>

namespace boost {
namespace python {
template <class T> struct null_ok;
template <class T> inline null_ok<T> *allow_null(T *p)
{
	return (null_ok<T> *)p;
}
namespace detail {
template <class T> struct borrowed {};
}
template <class T> inline detail::borrowed<T> *borrowed(T *p)
{
	return (detail::borrowed<T> *)p;
}
void throw_error_already_set();

// boost/python/refcount.hpp
template <class T> inline void decref(T *p) { Py_DECREF((PyObject *)p); }
template <class T> inline void xdecref(T *p) { Py_XDECREF((PyObject *)p); }
template <class T> inline T *incref(T *p)
{
	Py_INCREF((PyObject *)p);
	return p;
}
template <class T> inline T *xincref(T *p)
{
	Py_XINCREF((PyObject *)p);
	return p;
}

template <class T = PyObject> class handle {
public:
	handle() : m_p(0) {}
	~handle() { Py_XDECREF(m_p); }
	// (p NULL: throws error_already_set, unless p is allow_null's)
	template <class Y> explicit handle(Y *p) : m_p((T *)p) {}
	handle(handle const &r) : m_p(r.m_p) { Py_XINCREF(m_p); }
	T *get() const { return m_p; }
	T *release()
	{
		T *p = m_p;
		m_p = 0;
		return p;
	}
	void reset()
	{
		Py_XDECREF(m_p);
		m_p = 0;
	}

private:
	T *m_p;
};

namespace api {
class object_base {
public:
	object_base(object_base const &o) : m_ptr(o.m_ptr) { Py_INCREF(m_ptr); }
	~object_base() { Py_DECREF(m_ptr); }
	PyObject *ptr() const { return m_ptr; }

protected:
	explicit object_base(PyObject *p) : m_ptr(p) {}

private:
	PyObject *m_ptr;
};
class object : public object_base {
public:
	explicit object(handle<> const &h) : object_base(h.get())
	{
		Py_INCREF(ptr());
	}
};
} // namespace api
using api::object;

// boost/python/list.hpp: an object that is a list (made empty, or of a
// handle's object).
class list : public object {
public:
	list();
	explicit list(handle<> const &h) : object(h) {}
};
} // namespace python
} // namespace boost
#endif
