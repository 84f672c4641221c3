// PyThreadState_Clear needs the GIL, unlike PyThreadState_Delete.
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
	PyEval_ReleaseThread(t);
	PyThreadState_Clear(t); // expect-error[MOJO-BOR-203] {{'PyThreadState_Clear' is called while the GIL is released}}
	PyThreadState_Delete(t);
	return 0;
}
