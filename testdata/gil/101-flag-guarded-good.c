// PyGILState_Ensure and PyGILState_Release guarded by the same flag, a
// module parameter the host sets at start-up and no function of the file
// writes: both tests go the same way, whatever the calls between do
// (kamailio's app_python3).
#include <Python.h>

int threads_mode = 0;

int call_hook(PyObject *mod)
{
	PyGILState_STATE gstate = PyGILState_UNLOCKED;
	PyObject *fn;
	int rv = -1;

	if (threads_mode != 1)
		gstate = PyGILState_Ensure();
	fn = PyObject_GetAttrString(mod, "hook");
	if (fn == NULL) {
		PyErr_Clear();
		goto err;
	}
	Py_DECREF(fn);
	rv = 0;
err:
	if (threads_mode != 1)
		PyGILState_Release(gstate);
	return rv;
}
// expect-no-diagnostics
