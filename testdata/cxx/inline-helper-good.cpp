// An inline function of a header takes its argument over: every file that
// calls it defines it, so its callers are the project's own, and its body
// says what they hand it (as a static function's does).
// expect-no-diagnostics
#include <Python.h>

inline PyObject *tupleize(PyObject *op)
{
	PyObject *ret = Py_BuildValue("(O)", op);
	Py_DECREF(op);
	return ret;
}

PyObject *make_desc(int item);

PyObject *describe(int item)
{
	PyObject *d = make_desc(item);
	if (!d)
		return NULL;
	return tupleize(d);
}
