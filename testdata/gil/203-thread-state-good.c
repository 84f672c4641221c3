// A C thread that makes its own thread state: PyThreadState_New and
// PyThreadState_Delete need no GIL (the documentation: "The global
// interpreter lock need not be held"; pymilter's `_get_context`).
// expect-no-diagnostics
#include <Python.h>

static PyInterpreterState *interp;

int callback_from_c_thread(long v)
{
	PyThreadState *t = PyThreadState_New(interp);
	if (t == NULL)
		return -1;
	PyEval_AcquireThread(t);
	PyObject *o = PyLong_FromLong(v);
	Py_XDECREF(o);
	PyThreadState_Clear(t);
	PyEval_ReleaseThread(t);
	PyThreadState_Delete(t);
	return 0;
}
