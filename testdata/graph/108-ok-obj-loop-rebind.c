// Reduced from CPython 3.11 Modules/termios.c (termios_tcgetattr): `v`
// holds an item inside the loop and the outer list after it; the walk goes
// in source order, so the rebinding separates the two objects.
#include <Python.h>

PyObject *attrs(const char *cc_chars, int n)
{
	PyObject *cc = PyList_New(n), *v;
	if (cc == NULL)
		return NULL;
	for (int i = 0; i < n; i++) {
		v = PyBytes_FromStringAndSize(cc_chars + i, 1);
		if (v == NULL)
			goto err;
		PyList_SetItem(cc, i, v);
	}
	v = PyList_New(1);
	if (v == NULL)
		goto err;
	PyList_SetItem(v, 0, cc);
	return v;
err:
	Py_DECREF(cc);
	return NULL;
}
// expect-no-diagnostics
