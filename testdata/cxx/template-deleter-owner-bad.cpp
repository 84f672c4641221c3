// As template-deleter-owner-good.cpp, but the handle given up by the
// owner is dropped: the reference it held is leaked.
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

Py_ssize_t group_len(const char *id, Py_ssize_t n)
{
	pyobj_ptr groupid(PyBytes_FromStringAndSize(id, n));
	PyObject *raw = groupid.release();
	return raw ? PyObject_Size(raw) : -1; // expect-warning[MOJO-OWN-101] {{new reference 'groupid.m_ptr' from 'PyBytes_FromStringAndSize' is never released}}
}
