// PyErr_WarnEx takes NULL for its category (a RuntimeWarning): no NULL is
// passed where an object is needed (cvxopt's glpk.c).
// expect-no-diagnostics
#include <Python.h>

int read_level(PyObject *opts)
{
	PyObject *v = PyDict_GetItemString(opts, "msg_lev");
	if (v == NULL || !PyUnicode_Check(v)) {
		if (PyErr_WarnEx(NULL, "using the default level", 1) < 0)
			return -1;
		return 0;
	}
	return 1;
}
