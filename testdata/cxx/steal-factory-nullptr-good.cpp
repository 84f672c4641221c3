// An owner class template that adopts a new reference only through a
// static `steal()` calling its protected constructor, next to a
// constructor from `std::nullptr_t` (RocketSim's `PyRef<T>`): the
// reference is the returned owner's, released by its destructor.
// expect-no-diagnostics
#include <Python.h>
#include <cstddef>

template <typename T>
class PyRef {
public:
    static PyRef steal(T *obj) noexcept { return PyRef(obj); }
    virtual ~PyRef() noexcept { Py_XDECREF(m_object); }
    PyRef() noexcept = default;
    PyRef(std::nullptr_t) noexcept : PyRef() {}   // <- its presence triggers the false report
    PyRef(PyRef &&that) noexcept : m_object(that.m_object) { that.m_object = nullptr; }
    explicit operator bool() const noexcept { return m_object; }
    T *borrow() const noexcept { return m_object; }
    T *gift() noexcept { T *t = m_object; m_object = nullptr; return t; }
protected:
    explicit PyRef(T *obj) noexcept : m_object(obj) {}
private:
    T *m_object = nullptr;
};
using PyObjectRef = PyRef<PyObject>;

PyObject *make_dict(PyObject *key, PyObject *value)
{
	auto dict = PyObjectRef::steal(PyDict_New());
	if (!dict)
		return nullptr;
	if (PyDict_SetItem(dict.borrow(), key, value) < 0)
		return nullptr;
	return dict.gift();
}
