// A class derived from std::unique_ptr whose own constructor hands its
// pointer parameter to the base's, with a lambda deleter held in a
// std::function (lapjv's `_pyobj<O>`: `explicit _pyobj(PyObject *ptr) :
// pyobj_parent<O>(reinterpret_cast<O *>(ptr), [](O *p) { if (p)
// Py_DECREF(p); }) {}`): the base takes the reference over and its
// deleter releases it; a class template or a plain class alike.
// expect-no-diagnostics
#include <Python.h>
#include <functional>
#include <memory>

template <typename O>
using pyobj_parent = std::unique_ptr<O, std::function<void(O *)>>;

template <typename O>
class _pyobj : public pyobj_parent<O> {
public:
	_pyobj() : pyobj_parent<O>(nullptr, [](O *p) { if (p) Py_DECREF(p); }) {}
	explicit _pyobj(PyObject *ptr)
		: pyobj_parent<O>(reinterpret_cast<O *>(ptr),
				  [](O *p) { if (p) Py_DECREF(p); }) {}
};

using pyobj = _pyobj<PyObject>;

struct plain_owner : pyobj_parent<PyObject> {
	plain_owner(int unused, PyObject *ptr)
		: pyobj_parent<PyObject>(ptr, [](PyObject *p) { Py_XDECREF(p); })
	{
		(void)unused;
	}
};

PyObject *pair_of(long x, long y)
{
	pyobj a(PyLong_FromLong(x));
	pyobj b(PyLong_FromLong(y));
	if (!a || !b)
		return NULL;
	return Py_BuildValue("(OO)", a.get(), b.get());
}

PyObject *one_of(long x)
{
	plain_owner a(0, PyLong_FromLong(x));
	if (!a)
		return NULL;
	return Py_BuildValue("(O)", a.get());
}
