// ARGS: --rules testdata/destroy/widget-rules.json
// A destroy-callback hand-off declared in a rules file (issue #30,
// "steals_with_destroy"), correct: handed over with a function that
// releases it, or with one whose body is elsewhere (not known: taken as
// far as the tool can tell, so no leak).
// expect-no-diagnostics
#include <Python.h>
#include "widget.h"

static void release_object(void *data)
{
	Py_XDECREF((PyObject *)data);
}

void release_elsewhere(void *data);

int attach(widget *w, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	widget_set_user_data(w, v, 0, release_object);
	return 0;
}

int attach_foreign(widget *w, long n)
{
	PyObject *v = PyLong_FromLong(n);
	if (v == NULL)
		return -1;
	widget_set_user_data(w, v, 0, release_elsewhere);
	return 0;
}
