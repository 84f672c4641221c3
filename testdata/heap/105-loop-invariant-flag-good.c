// A flag a loop never writes keeps its value through the loop: a block
// allocated when `type == 'c'`, filled in a loop, and freed after it
// under the same test is freed on every path where it was allocated
// (cmor's _cmormodule.c, C round 73). A loop head forgets the exact
// values of the integers the loop changes, not of those it does not.
// expect-no-diagnostics
#include <Python.h>
#include <stdlib.h>

int consume(int *out, const void *vals, char type, int n);

PyObject *axis(PyObject *self, PyObject *args)
{
	int out, ierr, i, n = 0, length;
	char type, *tmpstr = NULL;
	const void *vals = NULL;
	(void)self;
	if (!PyArg_ParseTuple(args, "ci", &type, &length))
		return NULL;
	if (type == 'c') {
		if ((tmpstr = (char *)malloc(length + 1)) == NULL)
			return PyErr_NoMemory();
		for (i = 0; i < length; i++)
			tmpstr[i] = 'a';
		tmpstr[length] = '\0';
		vals = &tmpstr[0];
		n = length + 1;
	}
	ierr = consume(&out, vals, type, n);
	if (type == 'c')
		free(tmpstr);
	if (ierr != 0) {
		PyErr_SetString(PyExc_RuntimeError, "axis");
		return NULL;
	}
	return Py_BuildValue("i", out);
}
