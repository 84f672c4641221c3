#include "ref.hh"

Ref::Ref() : object_(nullptr) {}

Ref::Ref(const Ref &other) : object_(other.object_)
{
	Py_XINCREF(reinterpret_cast<PyObject *>(object_));
}

Ref::~Ref()
{
	Py_XDECREF(reinterpret_cast<PyObject *>(object_));
}

Ref::Ref(void *adopted) : object_(adopted) {}

Ref::Ref(PyObject *borrowed, const char *why) : object_(borrowed)
{
	(void)why;
	Py_INCREF(borrowed);
}

PyObject *Ref::get() const
{
	return reinterpret_cast<PyObject *>(object_);
}
