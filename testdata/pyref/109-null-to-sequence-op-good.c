/* abstract.c's sequence, mapping and number operations test their first
 * argument for NULL themselves (null_error(): SystemError and NULL or
 * -1), as the number conversions do (109-null-to-number-conversion-good.c):
 * pyctree repeats a string it did not check, `PySequence_Repeat(vline,
 * n)`, and tests the result. A NULL there is no crash, and no MOJO-OWN-109
 * (blind C round 120). */
#include <Python.h>

PyObject *rule(Py_ssize_t n)
{
	PyObject *vline = PyUnicode_FromString("-");
	PyObject *line = PySequence_Repeat(vline, n);
	Py_XDECREF(vline);
	return line;
}

/* expect-no-diagnostics */
