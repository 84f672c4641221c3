/*
 * Declarations win over conventions (issue #11, item 3): cpychecker's
 * attributes, written through the macros projects guard with
 * WITH_CPYCHECKER_*, tell what a helper defined elsewhere does.
 */
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

extern PyObject *registry_get(const char *name) CPYCHECKER_RETURNS_BORROWED_REF;
extern int registry_put(const char *name, PyObject *o)
	CPYCHECKER_STEALS_REFERENCE_TO_ARG(2);

// The helper's result is borrowed: returning it as is hands out a
// reference the function does not own.
PyObject *lookup(PyObject *self, PyObject *name)
{
	(void)self;
	const char *s = PyUnicode_AsUTF8(name);
	if (s == NULL)
		return NULL;
	PyObject *v = registry_get(s);
	if (v == NULL)
		return NULL;
	return v; // expect-error[MOJO-OWN-107] {{'v' from 'registry_get'}}
}

// ... and releasing it drops a reference the registry owns.
PyObject *drop(PyObject *self, PyObject *noargs)
{
	(void)self;
	(void)noargs;
	PyObject *v = registry_get("x");
	Py_XDECREF(v); // expect-error[MOJO-OWN-106] {{'v' from 'registry_get'}}
	Py_RETURN_NONE;
}

// registry_put steals its second argument: releasing it afterwards is a
// release of a reference given away.
PyObject *store(PyObject *self, PyObject *noargs)
{
	(void)self;
	(void)noargs;
	PyObject *n = PyLong_FromLong(1);
	if (n == NULL)
		return NULL;
	registry_put("one", n);
	Py_DECREF(n); // expect-error[MOJO-OWN-102] {{'n'}}
	Py_RETURN_NONE;
}

// A function annotated as returning a borrowed reference whose body
// returns a new one: the declaration wins, and a note says so.
PyObject *cached(void) CPYCHECKER_RETURNS_BORROWED_REF;
PyObject *cached(void) // expect-note {{declared (its annotations) to return a borrowed reference, but its body returns a new reference}}
{
	return PyLong_FromLong(7);
}
