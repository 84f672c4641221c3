// As 101-helper-returns-none-built-good.c, but the helper's result is a
// new tuple on one of its paths: a caller that drops it leaks it.
#include <Python.h>

static int done;

static PyObject *exit_interface(PyObject *self, PyObject *args)
{
	if (done)
		return Py_BuildValue("(i)", done);
	done = 1;
	return Py_BuildValue("");
}

void shut_down(void)
{
	exit_interface(NULL, NULL); // expect-warning[MOJO-OWN-101] {{leaked}}
}
