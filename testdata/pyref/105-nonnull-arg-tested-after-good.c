/* A pointer handed to a function that crashes on NULL (PyUnicode_FromString
 * reads it with strlen(); strlen itself) is not NULL after the call: a
 * later test of it for NULL is false (ndtypes' `sig =
 * PyUnicode_FromString(s); ndt_free(s); if (s == NULL) ..`, which means
 * to test `sig`). */
// expect-no-diagnostics
#include <Python.h>
#include <stdlib.h>
#include <string.h>

int to_strings(char **s, char **c);

PyObject *signature(PyObject *self, PyObject *unused)
{
	char *s, *c;
	PyObject *sig;
	(void)self;
	(void)unused;
	if (to_strings(&s, &c) < 0)
		return NULL;
	sig = PyUnicode_FromString(s);
	free(s);
	if (s == NULL) {
		free(c);
		return NULL;
	}
	free(c);
	return sig;
}

PyObject *length(const char *name)
{
	PyObject *n = PyLong_FromSize_t(100000);
	size_t len = strlen(name);
	if (name == NULL)
		return NULL;
	Py_XDECREF(n);
	return PyLong_FromSize_t(len);
}
