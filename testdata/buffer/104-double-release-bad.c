// MOJO-OWN-104 for the buffer kind: a view released twice through two
// copies of the Py_buffer. PyBuffer_Release(&view) clears view.obj, so a
// second release of the same variable is a no-op; a copy still holds obj,
// and releasing it drops the exporter's reference and export count again.
#include <Python.h>
#include <string.h>

// The view is saved in a second variable and both are released.
int saved_copy(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	Py_buffer saved = view;
	PyBuffer_Release(&view);
	PyBuffer_Release(&saved); // expect-error[MOJO-OWN-104] {{buffer view 'view' from 'PyObject_GetBuffer' is released twice}}
	return 0;
}

// A parsed view copied into a "current" variable, released in the error
// branch through one name and at the end through the other.
PyObject *head(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer b, cur;
	if (!PyArg_ParseTuple(args, "y*", &b))
		return NULL;
	cur = b;
	PyObject *r = PyBytes_FromStringAndSize(cur.buf, cur.len > 4 ? 4 : cur.len);
	if (r == NULL)
		PyBuffer_Release(&cur);
	PyBuffer_Release(&b); // expect-error[MOJO-OWN-104] {{'b' from 'PyArg_ParseTuple'}}
	return r;
}

// Copied in one branch only: released twice on that path.
int maybe_copy(PyObject *obj, int keep)
{
	Py_buffer view, other;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	if (keep) {
		other = view;
		PyBuffer_Release(&other);
	}
	PyBuffer_Release(&view); // expect-error[MOJO-OWN-104] {{'view'}}
	return 0;
}

// A loop over two copies of the same view.
int release_all(PyObject *obj)
{
	Py_buffer views[1], v;
	if (PyObject_GetBuffer(obj, &v, PyBUF_SIMPLE) < 0)
		return -1;
	Py_buffer w = v;
	PyBuffer_Release(&w);
	(void)views;
	PyBuffer_Release(&v); // expect-error[MOJO-OWN-104] {{'v'}}
	return 0;
}

// A helper releases the view it is given, and so does its caller.
static void consume(Py_buffer *v)
{
	PyBuffer_Release(v);
}

int feed(PyObject *obj)
{
	Py_buffer view, copy;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	copy = view;
	consume(&copy);
	PyBuffer_Release(&view); // expect-error[MOJO-OWN-104] {{'view'}} xfail(#4): summaries do not record a Py_buffer * parameter released by the callee
	return 0;
}
