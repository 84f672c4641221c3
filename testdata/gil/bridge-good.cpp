// The GIL in C++ bridge code, correct: every exit gives the GIL back, and
// the C API is called with it held.
// expect-no-diagnostics
#include <Python.h>
#include <cstddef>

extern "C" long native_transform(const char *p, long n);

namespace {

void on_progress(void *user, long done)
{
	PyGILState_STATE st = PyGILState_Ensure();
	PyObject *cb = static_cast<PyObject *>(user);
	PyObject *r = PyObject_CallFunctionObjArgs(cb, nullptr);
	if (r == nullptr)
		PyErr_Print();
	else
		Py_DECREF(r);
	PyGILState_Release(st);
}

} // namespace

extern "C" PyObject *transform(PyObject *self, PyObject *args)
{
	(void)self;
	const char *p;
	Py_ssize_t n;
	long r;
	if (!PyArg_ParseTuple(args, "s#", &p, &n))
		return nullptr;
	Py_BEGIN_ALLOW_THREADS
	r = native_transform(p, static_cast<long>(n));
	Py_END_ALLOW_THREADS
	if (r < 0) {
		PyErr_SetString(PyExc_ValueError, "transform failed");
		return nullptr;
	}
	return PyLong_FromLong(r);
}
