/*
 * The correct uses of the declarations of annotations-bad.c, and the
 * cpychecker attributes that make error helpers quiet: a helper that
 * always sets an exception returns NULL, so its result is no reference to
 * leak (issue #11, item 3).
 */
// expect-no-diagnostics
#include <Python.h>

#if defined(WITH_CPYCHECKER_RETURNS_BORROWED_REF_ATTRIBUTE)
#define CPYCHECKER_RETURNS_BORROWED_REF \
	__attribute__((cpychecker_returns_borrowed_ref))
#else
#define CPYCHECKER_RETURNS_BORROWED_REF
#endif
#if defined(WITH_CPYCHECKER_STEALS_REFERENCE_TO_ARG_ATTRIBUTE)
#define CPYCHECKER_STEALS_REFERENCE_TO_ARG(n) \
	__attribute__((cpychecker_steals_reference_to_arg(n)))
#else
#define CPYCHECKER_STEALS_REFERENCE_TO_ARG(n)
#endif
#if defined(WITH_CPYCHECKER_SETS_EXCEPTION_ATTRIBUTE)
#define CPYCHECKER_SETS_EXCEPTION __attribute__((cpychecker_sets_exception))
#else
#define CPYCHECKER_SETS_EXCEPTION
#endif
#if defined(WITH_CPYCHECKER_NEGATIVE_RESULT_SETS_EXCEPTION_ATTRIBUTE)
#define CPYCHECKER_NEGATIVE_RESULT_SETS_EXCEPTION \
	__attribute__((cpychecker_negative_result_sets_exception))
#else
#define CPYCHECKER_NEGATIVE_RESULT_SETS_EXCEPTION
#endif

extern PyObject *registry_get(const char *name) CPYCHECKER_RETURNS_BORROWED_REF;
extern int registry_put(const char *name, PyObject *o)
	CPYCHECKER_STEALS_REFERENCE_TO_ARG(2);
extern PyObject *raise_error(const char *msg) CPYCHECKER_SETS_EXCEPTION;
extern int check_value(PyObject *o) CPYCHECKER_NEGATIVE_RESULT_SETS_EXCEPTION;

PyObject *lookup(PyObject *self, PyObject *name)
{
	(void)self;
	const char *s = PyUnicode_AsUTF8(name);
	if (s == NULL)
		return NULL;
	PyObject *v = registry_get(s);
	if (v == NULL)
		return raise_error("no such name");
	return Py_NewRef(v);
}

PyObject *store(PyObject *self, PyObject *arg)
{
	(void)self;
	if (check_value(arg) < 0)
		return NULL;
	PyObject *n = PyLong_FromLong(1);
	if (n == NULL)
		return NULL;
	if (registry_put("one", n) < 0) {
		raise_error("cannot store");
		return NULL;
	}
	Py_RETURN_NONE;
}

// A borrowed-reference helper declared so, whose body agrees.
PyObject *first_of(PyObject *t) CPYCHECKER_RETURNS_BORROWED_REF;
PyObject *first_of(PyObject *t)
{
	return PyTuple_GetItem(t, 0);
}
