// The header part of header-helpers.cpp: enigma2's lib/python/python.h
// redefines PyList_New and PyLong_FromLong as inline functions of its own
// that return a non-owning wrapper by value.
#include <Python.h>

class ePyObj {
	PyObject *m_;

public:
	ePyObj() : m_(nullptr) {}
	ePyObj(PyObject *o) : m_(o) {}
	ePyObj(const ePyObj &o) : m_(o.m_) {}
	operator PyObject *();
	operator bool() const { return m_ != nullptr; }
};
inline ePyObj::operator PyObject *() { return m_; }

inline ePyObj Impl_PyList_New(int n = 0) { return PyList_New(n); }
inline ePyObj Impl_PyLong_FromLong(long v) { return PyLong_FromLong(v); }
#define PyList_New(args...) Impl_PyList_New(args)
#define PyLong_FromLong(val) Impl_PyLong_FromLong(val)
