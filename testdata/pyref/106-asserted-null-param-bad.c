// A helper that releases its parameter when it is there: its caller,
// which only borrows its own argument, hands it a reference it does not
// own.
#include <Python.h>

static PyObject *drop(PyObject *args)
{
	Py_XDECREF(args);
	Py_RETURN_NONE;
}

PyObject *Monitor_exit(PyObject *self, PyObject *args)
{
	(void)self;
	return drop(args); // expect-error[MOJO-OWN-106] {{borrowed reference 'args' is released by 'drop'}}
}
