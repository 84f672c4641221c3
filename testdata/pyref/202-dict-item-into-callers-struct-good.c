/*
 * A filter struct on the caller's stack, filled from the caller's own
 * options dict (yappi's _filterdict_to_statfilter): the views last while
 * the caller holds the dict; nothing escapes.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject *name;
	PyObject *modname;
} stat_filter;

static int dict_to_filter(PyObject *filter_dict, stat_filter *filter)
{
	PyObject *fv = PyDict_GetItemString(filter_dict, "name");
	if (fv)
		filter->name = fv;
	fv = PyDict_GetItemString(filter_dict, "module");
	if (fv)
		filter->modname = fv;
	return 1;
}

PyObject *count_matching(PyObject *self, PyObject *args)
{
	PyObject *filter_dict, *names;
	stat_filter filter = {NULL, NULL};
	Py_ssize_t i, n, count = 0;
	(void)self;
	if (!PyArg_ParseTuple(args, "OO", &filter_dict, &names))
		return NULL;
	if (!PyList_Check(names))
		return NULL;
	if (!dict_to_filter(filter_dict, &filter))
		return NULL;
	n = PyList_GET_SIZE(names);
	for (i = 0; i < n; i++)
		if (filter.name && PyList_GET_ITEM(names, i) == filter.name)
			count++;
	return PyLong_FromSsize_t(count);
}

/* The struct a field of a local of the caller's (yappi's
 * `&ext_args.func_filter`). */
struct enum_args {
	stat_filter filter;
	int seen;
};

PyObject *has_filter(PyObject *self, PyObject *filter_dict)
{
	struct enum_args ea = {{NULL, NULL}, 0};
	(void)self;
	if (!dict_to_filter(filter_dict, &ea.filter))
		return NULL;
	return PyBool_FromLong(ea.filter.name != NULL);
}
