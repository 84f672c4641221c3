/*
 * MOJO-OWN-101 through a `void *` result: a helper typed `void *` that
 * does not hand its object argument back (it returns something else) does
 * not take it over, so the caller's object is still leaked.
 */
#include <Python.h>

static void *wrap_other(void *task, PyObject *obj)
{
	(void)obj;
	return task;
}

void *create_long(void *task, long v)
{
	PyObject *obj = PyLong_FromLong(v + 1000);
	return wrap_other(task, obj); // expect-warning[MOJO-OWN-101] {{new reference 'obj' from 'PyLong_FromLong' is never released}}
}
