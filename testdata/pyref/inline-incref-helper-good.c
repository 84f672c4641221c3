/* An inline helper of the project that only takes a reference on its
 * argument (`inline void hold(PyObject *o) { Py_INCREF(o); }`, as a header
 * would write it) takes it for its callers: no leak in its own body, and
 * a caller that pays it back is balanced. */
// expect-no-diagnostics
#include <Python.h>

inline void hold(PyObject *o) { Py_INCREF(o); }
inline void hold_maybe(PyObject *o) { Py_XINCREF(o); }

PyObject *first_of(PyObject *tuple)
{
	PyObject *item = PyTuple_GetItem(tuple, 0);
	if (item == NULL)
		return NULL;
	hold(item);
	return item;
}
