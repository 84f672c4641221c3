// A flag the loop itself changes is not known after it: the block
// allocated under the first test may be left when the loop changed the
// flag (105-loop-invariant-flag-good.c's loop leaves it alone).
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
		for (i = 0; i < length; i++) {
			tmpstr[i] = 'a';
			if (i > 8)
				type = 'x';
		}
		tmpstr[length] = '\0';
		vals = &tmpstr[0];
		n = length + 1;
	}
	ierr = consume(&out, vals, type, n);
	if (type == 'c')
		free(tmpstr);
	if (ierr != 0) {
		PyErr_SetString(PyExc_RuntimeError, "axis");
		return NULL; // expect-warning[MOJO-OWN-105] {{heap memory 'tmpstr' from 'malloc' is leaked on error and normal exits}}
	}
	return Py_BuildValue("i", out);
}
