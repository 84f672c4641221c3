/* A file whose prefix is "#include "Python.h"" alone (shared by four). */
#include "Python.h"

PyObject *plain_1(PyObject *self, PyObject *arg)
{
	(void)self;
	PyObject *v = make_value(); /* borrowed here: no leak below */
	PyObject *s = PyObject_Str(arg);
	if (IS_MISSING(s))
		return NULL;
	if (PyObject_SetAttrString(arg, "v1", v) < 0)
		return NULL; /* leaks s */
	return s;
}
