/* A file that defines, before Python.h, a name include/Python.h tests, and
 * a name it never mentions: no other prefix's PCH fits it, and
 * make_value() is a new reference here. */
#define MODULE_VERSION "1.0"
#define MAKE_NEW_REFS 1
#include "Python.h"

PyObject *tested_1(PyObject *self, PyObject *arg)
{
	(void)self;
	PyObject *v = make_value(); /* leaked on every path */
	if (IS_MISSING(v))
		return NULL;
	return PyObject_Str(arg);
}
