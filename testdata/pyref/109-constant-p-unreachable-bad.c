// The same macro at a level below ERROR returns
// (109-constant-p-unreachable-good.c): the NULL it reported is then used.
#include <Python.h>

#define WARNING 19
#define ERROR 21
void report_impl(int level, const char *fmt, ...);
#define report(level, ...)                                               \
	do {                                                             \
		report_impl(level, __VA_ARGS__);                         \
		if (__builtin_constant_p(level) && (level) >= ERROR)     \
			__builtin_unreachable();                         \
	} while (0)

long bytes_length(PyObject *o)
{
	PyObject *b = PyObject_Bytes(o);
	if (b == NULL)
		report(WARNING, "could not convert to bytes");
	long n = (long)PyBytes_Size(b); // expect-warning[MOJO-OWN-109] {{new reference 'b' from 'PyObject_Bytes' is NULL on this path and is passed to 'PyBytes_Size', which does not accept NULL}}
	Py_DECREF(b);
	return n;
}
