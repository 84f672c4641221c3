#include <Python.h>

long slow_compress(long level);

PyObject *compress(PyObject *self, PyObject *arg)
{
	(void)self;
	long level = PyLong_AsLong(arg);
	if (level == -1 && PyErr_Occurred())
		return NULL;
	long result;
	Py_BEGIN_ALLOW_THREADS
	result = slow_compress(level);
	if (result < 0)
		PyErr_SetString(PyExc_ValueError, "compression failed"); // expect-error[MOJO-BOR-203] {{PyErr_SetString}}
	Py_END_ALLOW_THREADS
	if (result < 0)
		return NULL;
	return PyLong_FromLong(result);
}
