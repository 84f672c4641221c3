// expect-no-diagnostics
// Reduced from clif (clif/python/slots.cc): functions of external linkage
// in a namespace, handed new references by an adapter that names them as
// template arguments (a call the analysis cannot follow), and that release
// their parameter on every path after reading it: they consume it by
// design (pyref/106-exported-consumer-good.c has the C shape, from
// Pyjion's JIT intrinsics).
#include <Python.h>

namespace slot {

Py_ssize_t as_size(PyObject *res)
{
	Py_ssize_t size = PyLong_AsSsize_t(res);
	Py_DECREF(res);
	return size;
}

int as_bool(PyObject *res)
{
	if (res == nullptr)
		return -1;
	int r = PyObject_IsTrue(res);
	Py_DECREF(res);
	return r;
}

template <PyObject *(*Wrapper)(PyObject *), Py_ssize_t (*AdaptOut)(PyObject *)>
Py_ssize_t adapter(PyObject *self)
{
	PyObject *res = Wrapper(self);
	if (res == nullptr)
		return -1;
	return AdaptOut(res);
}

} // namespace slot

static PyObject *call_len(PyObject *self)
{
	return PyObject_CallMethod(self, "__len__", nullptr);
}

Py_ssize_t sq_length(PyObject *self)
{
	return slot::adapter<call_len, slot::as_size>(self);
}
