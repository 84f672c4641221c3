// Declares lib.c's `consume` as lib.c defines it: lib.c's body says it
// releases its argument, so releasing the string again is a bug.
#include <Python.h>

void consume(PyObject *o);

void hand_over(void)
{
	PyObject *s = PyUnicode_FromString("x");
	if (s == NULL)
		return;
	consume(s);
	Py_DECREF(s);
}
