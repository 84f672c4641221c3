// A local options struct filled once by a parser given its address, then
// tested before and after other calls: no call after the parser can
// reach it (its address went nowhere but into that call), so both tests
// of `o.fixed` decide alike, and neither the list nor the buffer leaks
// (py-lmdb's `cursor_get_multi`).
// expect-no-diagnostics
#include <Python.h>
#include <stdlib.h>

struct opts {
	PyObject *keys;
	int fixed;
};

int parse_opts(PyObject *args, struct opts *o);
int step(PyObject *self);

PyObject *get_multi(PyObject *self, PyObject *args)
{
	struct opts o = {Py_None, 0};
	PyObject *list = NULL;
	char *buffer = NULL;

	if (parse_opts(args, &o))
		return NULL;
	if (!o.fixed) {
		list = PyList_New(0);
		if (!list)
			return NULL;
	} else {
		buffer = malloc(64);
		if (!buffer)
			return PyErr_NoMemory();
	}
	if (step(self))
		goto fail;
	if (o.fixed) {
		PyObject *r = PyBytes_FromStringAndSize(buffer, 64);
		free(buffer);
		return r;
	}
	return list;
fail:
	Py_XDECREF(list);
	free(buffer);
	return NULL;
}
