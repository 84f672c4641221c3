// ARGS: --rules testdata/destroy/widget-rules.json
// A destroy-callback hand-off declared in a rules file (issue #30,
// "steals_with_destroy"), wrong: released after it was handed over, kept
// without a destroy function and dropped, handed to a destroy function
// that never reads its pointer.
#include <Python.h>
#include "widget.h"

static void release_object(void *data)
{
	Py_DECREF((PyObject *)data);
}

static void ignore_object(void *data)
{
	(void)data;
}

int attach_then_release(widget *w, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	widget_set_user_data(w, v, 0, release_object);
	Py_DECREF(v); // expect-error[MOJO-OWN-102] {{new reference 'v' from 'PyLong_FromLong' is released by 'Py_DECREF' after its reference was stolen}}
	return 0;
}

int attach_without_destroy(widget *w, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	widget_set_user_data(w, v, 0, NULL);
	return 0; // expect-warning[MOJO-OWN-101] {{new reference 'v' from 'PyLong_FromLong' is never released}}
}

int attach_to_ignoring_destroy(widget *w, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	widget_set_user_data(w, v, 0, ignore_object);
	return 0; // expect-warning[MOJO-OWN-101] {{new reference 'v' from 'PyLong_FromLong' is never released}}
}
