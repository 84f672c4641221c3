// The inline functions a C file calls from a project header in another
// folder get summaries too (HPy's `_h2py`, a cast of a handle to the
// object it lends, C round 67): what they return is borrowed, and a
// caller that only uses it leaks nothing.
// expect-no-diagnostics
#include "include-elsewhere/handles.h"

long handle_as_long(Handle h)
{
	return PyLong_AsLong(h2py(h));
}

PyObject *handle_callable(Handle h)
{
	PyObject *obj = h2py(h);
	if (!PyCallable_Check(obj))
		return NULL;
	Py_INCREF(obj);
	return obj;
}
