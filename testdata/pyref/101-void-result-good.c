/*
 * MOJO-OWN-101 through a `void *` result: a reply-object callback (the
 * shape of a C library's `void *(*create)(task, ...)` table) returns
 * what a `void *` helper gives back, and that helper always hands back
 * its object argument (after putting it in a parent list or not). The
 * result is the argument itself, so returning it hands the reference to
 * the caller: nothing leaks.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct task {
	PyObject *parent;
	Py_ssize_t idx;
} task;

static void *try_parentize(const task *t, PyObject *obj)
{
	if (t && t->parent)
		PyList_SET_ITEM(t->parent, t->idx, obj);
	return obj;
}

void *create_long(const task *t, long v)
{
	PyObject *obj = PyLong_FromLong(v + 1000);
	return try_parentize(t, obj);
}

void *create_float(const task *t, double v)
{
	PyObject *obj = PyFloat_FromDouble(v);
	return try_parentize(t, obj);
}
