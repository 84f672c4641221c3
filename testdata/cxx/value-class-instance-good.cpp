// A guard class template instantiated over a type that is no Python
// object (libdynd's `ndt::type`, an `intrusive_ptr<const base_type>`):
// an instance returned by value from a function declared here and
// defined elsewhere holds a pointer to that type, not a reference, and
// nothing is owed when it dies (C++ round 71).
// expect-no-diagnostics
#include <Python.h>
#include <vector>

struct base_type {
	mutable int refs = 1;
};

template <class T> struct intrusive_ptr {
	T *m_ptr = nullptr;
	intrusive_ptr() = default;
	explicit intrusive_ptr(T *p) : m_ptr(p) {}
	intrusive_ptr(const intrusive_ptr &o) : m_ptr(o.m_ptr)
	{
		if (m_ptr)
			++m_ptr->refs;
	}
	~intrusive_ptr()
	{
		if (m_ptr && --m_ptr->refs == 0)
			delete m_ptr;
	}
	intrusive_ptr &operator=(intrusive_ptr o)
	{
		std::swap(m_ptr, o.m_ptr);
		return *this;
	}
};

struct type : intrusive_ptr<const base_type> {
	using intrusive_ptr::intrusive_ptr;
};

type as_cpp_type(PyObject *o);

void to_vector(PyObject *seq, std::vector<type> &out)
{
	Py_ssize_t n = PySequence_Size(seq);
	out.resize(n);
	for (Py_ssize_t i = 0; i < n; ++i) {
		PyObject *item = PySequence_GetItem(seq, i);
		out[i] = as_cpp_type(item);
		Py_XDECREF(item);
	}
}
