// As derived-owner-ctor-good.cpp, but the handle is taken out of the
// owner and dropped: the reference the owner gave up is leaked.
#include <Python.h>
#include <functional>
#include <memory>

template <typename O>
using pyobj_parent = std::unique_ptr<O, std::function<void(O *)>>;

template <typename O>
class _pyobj : public pyobj_parent<O> {
public:
	explicit _pyobj(PyObject *ptr)
		: pyobj_parent<O>(reinterpret_cast<O *>(ptr),
				  [](O *p) { if (p) Py_DECREF(p); }) {}
};

using pyobj = _pyobj<PyObject>;

Py_ssize_t list_size(Py_ssize_t n)
{
	pyobj l(PyList_New(n));
	if (!l)
		return -1;
	PyObject *raw = l.release();
	return PyList_Size(raw); // expect-warning[MOJO-OWN-101] {{new reference 'l' from 'PyList_New' is never released}}
}
