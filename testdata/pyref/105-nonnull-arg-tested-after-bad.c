/* As 105-nonnull-arg-tested-after-good.c, but the test is of a value no
 * call needed non-NULL: its exit is feasible, and leaks. */
#include <Python.h>
#include <stdlib.h>

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
	if (c == NULL)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'sig' from 'PyUnicode_FromString' is leaked on the error exit}}
	free(c);
	return sig;
}
