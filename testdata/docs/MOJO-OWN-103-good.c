#include <Python.h>
#include <string.h>

PyObject *first_byte(PyObject *self, PyObject *args)
{
	const char *data;
	Py_ssize_t n;
	(void)self;
	if (!PyArg_ParseTuple(args, "s#", &data, &n))
		return NULL;
	unsigned char *buf = PyMem_Malloc((size_t)n + 1);
	if (buf == NULL)
		return PyErr_NoMemory();
	memcpy(buf, data, (size_t)n + 1);
	long first = buf[0];
	PyMem_Free(buf);
	return PyLong_FromLong(first);
	// expect-no-diagnostics
}
