// A file that defines a macro before Python.h: another prefix, another
// PCH, and make_value() is a new reference here.
#define MAKE_NEW_REFS
#include "Python.h"

PyObject *newref_2(PyObject *self, PyObject *arg)
{
	(void)self;
	PyObject *v = make_value(); /* leaked on every path */
	if (IS_MISSING(v))
		return NULL;
	return PyObject_Str(arg);
}
