/*
 * nanobind.h — a faithful subset of nanobind's object API (nanobind is not
 * packaged in Debian): nb::handle (non-owning), nb::object (owns one
 * reference: the copy constructor increfs, the move constructor steals,
 * the destructor decrefs), nb::steal / nb::borrow, release(), reset(),
 * inc_ref()/dec_ref(), and a few subclasses (str, tuple, list), with the
 * same member names and semantics as include/nanobind/nb_types.h.
 */
#ifndef OWNLINT_STUB_NANOBIND_H
#define OWNLINT_STUB_NANOBIND_H
#include <Python.h>

namespace nanobind {
namespace detail {
struct borrow_t {};
struct steal_t {};
[[noreturn]] void raise_python_error();
// Its argument, or python_error thrown when it is NULL.
inline PyObject *raise_if_null(PyObject *o)
{
	if (!o)
		raise_python_error();
	return o;
}
// d.get(k, def) as a new reference (nb_types.h): python_error when the
// lookup raises.
inline PyObject *dict_getitem_or_default(PyObject *d, PyObject *k,
					 PyObject *def)
{
	PyObject *value = PyDict_GetItemWithError(d, k);
	if (!value && PyErr_Occurred())
		raise_python_error();
	if (!value)
		value = def;
	Py_XINCREF(value);
	return value;
}
} // namespace detail

class handle {
public:
	handle() = default;
	handle(const handle &) = default;
	handle(const PyObject *ptr) : m_ptr((PyObject *)ptr) {}
	const handle &inc_ref() const &
	{
		Py_XINCREF(m_ptr);
		return *this;
	}
	const handle &dec_ref() const &
	{
		Py_XDECREF(m_ptr);
		return *this;
	}
	PyObject *ptr() const { return m_ptr; }
	bool is_valid() const { return m_ptr != nullptr; }
	explicit operator bool() const { return m_ptr != nullptr; }

protected:
	PyObject *m_ptr = nullptr;
};

class object : public handle {
public:
	object() = default;
	object(const object &o) : handle(o) { inc_ref(); }
	object(object &&o) noexcept : handle(o) { o.m_ptr = nullptr; }
	~object() { dec_ref(); }
	object(handle h, detail::borrow_t) : handle(h) { inc_ref(); }
	object(handle h, detail::steal_t) : handle(h) {}
	handle release()
	{
		handle temp(m_ptr);
		m_ptr = nullptr;
		return temp;
	}
	void reset()
	{
		dec_ref();
		m_ptr = nullptr;
	}
	// (nanobind's attribute access returns an accessor; an object here)
	object attr(const char *name) const;
	object &operator=(const object &o)
	{
		handle temp(m_ptr);
		o.inc_ref();
		m_ptr = o.m_ptr;
		temp.dec_ref();
		return *this;
	}
	object &operator=(object &&o) noexcept
	{
		handle temp(m_ptr);
		m_ptr = o.m_ptr;
		o.m_ptr = nullptr;
		temp.dec_ref();
		return *this;
	}
};

template <typename T = object> T borrow(handle h)
{
	return {h, detail::borrow_t()};
}
template <typename T = object> T steal(handle h)
{
	return {h, detail::steal_t()};
}

class str : public object {
public:
	using object::object;
	// str(o): a new str, or python_error thrown
	explicit str(handle h)
		: object(detail::raise_if_null(PyObject_Str(h.ptr())),
			 detail::steal_t())
	{
	}
	explicit str(const char *s)
		: object(PyUnicode_FromString(s), detail::steal_t())
	{
		if (!m_ptr)
			detail::raise_python_error();
	}
	const char *c_str() const { return PyUnicode_AsUTF8(m_ptr); }
};

// (Not nanobind's: an owner whose shorter constructor delegates to its
// longer one, passing its first argument on, as old pybind11's
// `array(const dtype &dt, ShapeContainer shape, ..) : array(dt,
// std::move(shape), {}, ..)` does.)
PyObject *make_array(PyObject *dtype, Py_ssize_t n, const void *data);
class array : public object {
public:
	array(const object &dtype, Py_ssize_t n, const void *data)
		: object(detail::raise_if_null(make_array(dtype.ptr(), n,
							  data)),
			 detail::steal_t())
	{
	}
	array(const object &dtype, Py_ssize_t n) : array(dtype, n, nullptr) {}
};

class tuple : public object {
public:
	using object::object;
};

class list : public object {
public:
	using object::object;
	list() : object(PyList_New(0), detail::steal_t()) {}
	void append(handle h)
	{
		if (PyList_Append(m_ptr, h.ptr()))
			detail::raise_python_error();
	}
};
class module_ : public object {
public:
	using object::object;
	// (returns the module by reference, for chaining)
	module_ &def(const char *name, void (*f)());
};

// A bound class: its constructor makes a new type object in `scope`.
template <typename T> class class_ : public object {
public:
	class_(handle scope, const char *name);
	class_ &def(const char *name, void (*f)());
};
} // namespace nanobind
namespace nb = nanobind;
#endif
