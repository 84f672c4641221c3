// An error-reporting macro that ends in __builtin_unreachable() when its
// level is a constant at or above ERROR (PostgreSQL's `elog(ERROR, ..)`
// and PL/Python's `PLy_elog`, C round 67): `__builtin_constant_p(ERROR)`
// is 1, so the path after it ends, and the NULL it tested is never used.
// expect-no-diagnostics
#include <Python.h>

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
		report(ERROR, "could not convert to bytes");
	long n = (long)PyBytes_Size(b);
	Py_DECREF(b);
	return n;
}
