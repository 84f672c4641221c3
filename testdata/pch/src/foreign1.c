/* A file that defines, before Python.h, only names that include/Python.h
 * never mentions: it shares the PCH of "#include "Python.h"" alone. */
#define MODULE_VERSION "1.0"
#ifndef FOREIGN_API_LEVEL
#define FOREIGN_API_LEVEL 3
#endif
#include "Python.h"

PyObject *foreign_1(PyObject *self, PyObject *arg)
{
	(void)self;
	PyObject *v = make_value(); /* borrowed here: no leak below */
	PyObject *s = PyObject_Str(arg);
	if (IS_MISSING(s))
		return NULL;
	if (PyObject_SetAttrString(arg, MODULE_VERSION, v) < 0)
		return NULL; /* leaks s */
	return s;
}
