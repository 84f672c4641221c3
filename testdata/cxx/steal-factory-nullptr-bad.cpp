// The same owner class: a reference taken out of it with `gift()` and
// dropped is leaked.
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

void drop_gift(void)
{
	auto dict = PyObjectRef::steal(PyDict_New());
	if (!dict)
		return;
	dict.gift();
} // expect-warning[MOJO-OWN-101] {{new reference 'dict.m_object' from 'PyDict_New' is never released}}
