// A flag some function of the file writes may change in a call between
// the two tests (Python code can call that function): the state taken
// may be left unreleased.
#include <Python.h>

int threads_mode = 0;

PyObject *set_mode(PyObject *self, PyObject *arg)
{
	(void)self;
	threads_mode = (int)PyLong_AsLong(arg);
	Py_RETURN_NONE;
}

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
	return rv; // expect-warning[MOJO-OWN-101] {{thread state (GIL released) 'gstate' from 'PyGILState_Ensure' is never released (and 1 more site with the same cause)}}
}
