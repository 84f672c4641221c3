/*
 * The same filter, filled into a struct the module keeps: it outlives the
 * call, and the dict's item may go before it.
 */
#include <Python.h>

typedef struct {
	PyObject *name;
} stat_filter;

static stat_filter current;

static int dict_to_filter(PyObject *filter_dict, stat_filter *filter)
{
	PyObject *fv = PyDict_GetItemString(filter_dict, "name");
	if (fv)
		filter->name = fv; // expect-warning[MOJO-BOR-202] {{'fv' from 'PyDict_GetItemString' is stored without taking a reference}}
	return 1;
}

PyObject *set_filter(PyObject *self, PyObject *filter_dict)
{
	(void)self;
	if (!dict_to_filter(filter_dict, &current))
		return NULL;
	Py_RETURN_NONE;
}
