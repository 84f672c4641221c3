// The GIL in C++ bridge code (issue 12): a worker callback that takes the
// GIL with PyGILState_Ensure, a long call made without it, and the exits
// that forget to give it back or call the C API without it.
#include <Python.h>
#include <cstddef>

extern "C" long native_transform(const char *p, long n);

namespace {

// A native library's callback, on its own thread: returns early without
// PyGILState_Release.
void on_progress(void *user, long done)
{
	PyGILState_STATE st = PyGILState_Ensure();
	PyObject *cb = static_cast<PyObject *>(user);
	PyObject *r = PyObject_CallFunctionObjArgs(cb, nullptr);
	if (r == nullptr) {
		PyErr_Print();
		return; // expect-warning[MOJO-OWN-101] {{'st' from 'PyGILState_Ensure' is never released}}
	}
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
	if (r < 0) {
		PyErr_SetString(PyExc_ValueError, "transform failed"); // expect-error[MOJO-BOR-203] {{'PyErr_SetString' is called while the GIL is released}}
		return nullptr; // expect-warning[MOJO-OWN-105] {{'_save' from 'PyEval_SaveThread' is leaked on the error exit}}
	}
	Py_END_ALLOW_THREADS
	return PyLong_FromLong(r);
}
