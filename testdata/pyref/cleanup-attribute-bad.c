// Variables declared with __attribute__((cleanup(fn))), as drgn writes
// them (`_cleanup_pydecref_` behind `_cleanup_(x)` behind
// `__attribute__((__cleanup__(x)))`): the cleanup runs at every exit of
// the variable's scope. A cleanup variable returned as it is (not through
// `no_cleanup_ptr()`) is released on the way out; a plain variable still
// leaks.
#include <Python.h>

#define _cleanup_(x) __attribute__((__cleanup__(x)))
static inline void pydecrefp(void *p)
{
	Py_XDECREF(*(PyObject **)p);
}
#define _cleanup_pydecref_ _cleanup_(pydecrefp)

PyObject *returned_then_released(void)
{
	_cleanup_pydecref_ PyObject *list = PyList_New(0);
	if (!list)
		return NULL;
	return list; // expect-error[MOJO-OWN-103] {{new reference 'list' from 'PyList_New' is returned after it was released}}
}

PyObject *plain_leak(PyObject *o)
{
	_cleanup_pydecref_ PyObject *name = PyObject_Str(o);
	if (!name)
		return NULL;
	PyObject *len = PyLong_FromSsize_t(PyObject_Size(name));
	if (!len)
		return NULL;
	if (PyObject_Size(o) < 0)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'len' from 'PyLong_FromSsize_t' is leaked on the error exit}}
	return len;
}
