// The header templates and inline functions a C++ file calls get
// summaries wherever the project keeps the header: the reference passes
// through `expect_non_null` into the owner that releases it.
#include "include-elsewhere/errors.hpp"

struct new_reference_t;
typedef new_reference_t *new_reference;

class object {
	PyObject *m_ptr;

public:
	explicit object(new_reference p)
		: m_ptr(expect_non_null((PyObject *)p)) {}
	object(const object &o) : m_ptr(o.m_ptr) { Py_INCREF(m_ptr); }
	~object() { Py_DECREF(m_ptr); }
	PyObject *ptr() const { return m_ptr; }
};

object add(object const &l, object const &r)
{
	return object(new_reference(PyNumber_Add(l.ptr(), r.ptr())));
}

PyObject *twice(PyObject *a)
{
	PyObject *r = checked(PyNumber_Add(a, a));
	return r;
}
// expect-no-diagnostics
