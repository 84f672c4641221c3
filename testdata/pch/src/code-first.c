/* Code before Python.h: no PCH for this file (parsed whole). */
static int helper_count;
#include "Python.h"

PyObject *code_first(PyObject *self, PyObject *arg)
{
	(void)self;
	helper_count++;
	PyObject *s = PyObject_Str(arg);
	if (IS_MISSING(s))
		return NULL;
	Py_DECREF(s);
	Py_DECREF(s); /* released twice */
	return NULL;
}
