// expect-no-diagnostics
// A typed owner that holds a plain owner (python-lstring's `tptr<T>` over
// cppy::ptr): its constructors take a flag, `incref`, handed on to the
// member's constructor, which takes a reference of its own only when the
// flag is set. Whether `tptr(o)` takes `o` over is that flag's: not a
// borrow, and the references below are not leaked (the member's
// destructor releases them when the function returns early).
#include <Python.h>

struct ptr {
	PyObject *ob;
	ptr(PyObject *o, bool incref = false)
		: ob(incref ? (Py_XINCREF(o), o) : o) {}
	~ptr() { Py_XDECREF(ob); }
	PyObject *release() { PyObject *t = ob; ob = nullptr; return t; }
};

struct Item {
	PyObject_HEAD
	long value;
};

template <class T> class tptr {
public:
	tptr(PyObject *o, bool incref = false) : m_ptr(o, incref) {}
	tptr(T *o, bool incref = false)
		: m_ptr(reinterpret_cast<PyObject *>(o), incref) {}
	explicit operator bool() const { return m_ptr.ob != nullptr; }
	T *operator->() const { return reinterpret_cast<T *>(m_ptr.ob); }
	PyObject *release() { return m_ptr.release(); }

private:
	ptr m_ptr;
};

PyObject *make_item(PyTypeObject *type, long value)
{
	tptr<Item> self((Item *)type->tp_alloc(type, 0));
	if (!self)
		return NULL;
	if (value < 0) {
		PyErr_SetString(PyExc_ValueError, "negative");
		return NULL;
	}
	self->value = value;
	return self.release();
}

PyObject *make_plain(PyTypeObject *type, int fail)
{
	tptr<Item> self(type->tp_alloc(type, 0));
	if (!self)
		return NULL;
	if (fail) {
		PyErr_SetString(PyExc_RuntimeError, "failed");
		return NULL;
	}
	return self.release();
}
