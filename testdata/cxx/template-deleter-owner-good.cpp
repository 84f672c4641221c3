// A project's smart pointer template whose destructor calls a deleter
// given as a template argument (kopano-core's `KC::memory_ptr<PyObject,
// kcpy_delete>`: `if (m_ptr != nullptr) Deleter()(m_ptr);`): the
// deleter bound by the specialization is the one called, and the test of
// the pointer, whose operator the pattern leaves unresolved (the
// namespace declares operator templates of its own), is a test against
// NULL. Each local releases what it holds on every exit.
// expect-no-diagnostics
#include <Python.h>
#include <cstddef>

namespace KC {
template <typename T, typename D> class memory_ptr;
template <typename T, typename D>
bool operator==(const memory_ptr<T, D> &a, std::nullptr_t) { return !a.get(); }
template <typename T, typename D>
bool operator!=(const memory_ptr<T, D> &a, std::nullptr_t) { return a.get(); }

class default_delete {
public:
	void operator()(void *p) const { ::operator delete(p); }
};

template <typename T, typename Deleter = default_delete> class memory_ptr {
public:
	typedef T *pointer;
	memory_ptr() noexcept = default;
	explicit memory_ptr(T *p) noexcept : m_ptr(p) {}
	~memory_ptr()
	{
		if (m_ptr != nullptr)
			Deleter()(m_ptr);
		m_ptr = pointer();
	}
	memory_ptr(const memory_ptr &) = delete;
	T *get() const noexcept { return m_ptr; }
	T *release() noexcept
	{
		T *p = m_ptr;
		m_ptr = pointer();
		return p;
	}

private:
	T *m_ptr = nullptr;
};

class kcpy_delete {
public:
	void operator()(PyObject *obj) const { Py_DECREF(obj); }
};
typedef memory_ptr<PyObject, kcpy_delete> pyobj_ptr;
} // namespace KC

using KC::pyobj_ptr;

PyObject *group_of(const char *id, Py_ssize_t n, PyObject *props)
{
	pyobj_ptr groupid(PyBytes_FromStringAndSize(id, n));
	if (!groupid.get())
		return NULL;
	return PyTuple_Pack(2, groupid.get(), props);
}

PyObject *group_id(const char *id, Py_ssize_t n)
{
	pyobj_ptr groupid(PyBytes_FromStringAndSize(id, n));
	return groupid.release();
}
