// Handles to objects, as HPy's universal ABI encodes them: inline
// functions of a project header in another folder than the files that
// call them (101-header-helper-elsewhere-*.c).
#include <Python.h>
#include <stdint.h>

typedef struct {
	intptr_t _i;
} Handle;

// The object a handle lends: a cast, no reference made.
static inline PyObject *h2py(Handle h)
{
	if (h._i == 0)
		return NULL;
	return (PyObject *)(h._i - 1);
}

// A new reference of the object a handle lends.
static inline PyObject *h2py_new(Handle h)
{
	PyObject *o = h2py(h);
	Py_XINCREF(o);
	return o;
}
