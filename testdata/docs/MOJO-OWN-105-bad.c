#include <Python.h>
#include <string.h>

PyObject *join_words(PyObject *self, PyObject *args)
{
	const char *a, *b;
	(void)self;
	if (!PyArg_ParseTuple(args, "ss", &a, &b))
		return NULL;
	size_t na = strlen(a), nb = strlen(b);
	char *buf = PyMem_Malloc(na + nb + 2);
	if (buf == NULL)
		return PyErr_NoMemory();
	if (na == 0) {
		PyErr_SetString(PyExc_ValueError, "empty word");
		return NULL; // expect-warning[MOJO-OWN-105] {{'buf'}}
	}
	memcpy(buf, a, na);
	buf[na] = ' ';
	memcpy(buf + na + 1, b, nb + 1);
	PyObject *res = PyUnicode_FromString(buf);
	PyMem_Free(buf);
	return res;
}
