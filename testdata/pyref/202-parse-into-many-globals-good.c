/*
 * An argument parser writing more objects straight into globals than the
 * parse's out-parameters followed on success (six here): each global takes
 * its own reference after the parse, and keeps it. None is leaked, and
 * none escapes without a reference.
 */
// expect-no-diagnostics
#include <Python.h>

static PyObject *a_cb, *b_cb, *c_cb, *d_cb, *e_cb, *f_cb;

static int call_all(void)
{
	PyObject *cbs[6] = {a_cb, b_cb, c_cb, d_cb, e_cb, f_cb};
	for (int i = 0; i < 6; i++) {
		PyObject *r = cbs[i] ? PyObject_CallNoArgs(cbs[i]) : NULL;
		Py_XDECREF(r);
	}
	return 0;
}

PyObject *set_callbacks(PyObject *self, PyObject *args)
{
	if (!PyArg_ParseTuple(args, "OOOOOO", &a_cb, &b_cb, &c_cb, &d_cb,
			      &e_cb, &f_cb))
		return NULL;
	Py_INCREF(a_cb);
	Py_INCREF(b_cb);
	Py_INCREF(c_cb);
	Py_INCREF(d_cb);
	Py_INCREF(e_cb);
	Py_INCREF(f_cb);
	call_all();
	Py_RETURN_NONE;
}
