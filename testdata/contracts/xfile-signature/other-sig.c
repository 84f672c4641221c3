// Another library's `consume`, of another signature: it borrows its
// argument. lib.c's body says nothing of it, so releasing the string
// after the call is right.
#include <Python.h>

extern void consume(PyObject *o, int flags);

void lend(void)
{
	PyObject *s = PyUnicode_FromString("x");
	if (s == NULL)
		return;
	consume(s, 0);
	Py_DECREF(s);
}
