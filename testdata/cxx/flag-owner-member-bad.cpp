// As flag-owner-member-good.cpp, but a reference the typed owner never
// receives leaks when the function fails: the owner's flag-dependent
// constructor hides nothing else.
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
	PyObject *name;
};

template <class T> class tptr {
public:
	tptr(T *o, bool incref = false)
		: m_ptr(reinterpret_cast<PyObject *>(o), incref) {}
	explicit operator bool() const { return m_ptr.ob != nullptr; }
	T *operator->() const { return reinterpret_cast<T *>(m_ptr.ob); }
	PyObject *release() { return m_ptr.release(); }

private:
	ptr m_ptr;
};

PyObject *make_item(PyTypeObject *type, const char *name, int fail)
{
	PyObject *n = PyUnicode_FromString(name);
	if (!n)
		return NULL;
	tptr<Item> self((Item *)type->tp_alloc(type, 0));
	if (!self || fail)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'n' from 'PyUnicode_FromString' is leaked on the error exit}}
	self->name = n;
	return self.release();
}
