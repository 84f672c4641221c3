// Setting an item of a list the function was handed releases the item
// that was there, whose `__del__` may change the caller's dict: a
// borrowed value of it used after is stale (206-fresh-tuple-fill-good.c
// fills a tuple it made).
#include <Python.h>

static int put_first(PyObject *list, PyObject *a)
{
	Py_INCREF(a);
	return PyList_SetItem(list, 0, a);
}

int visit(PyObject *dict, PyObject *scratch, PyObject *out)
{
	PyObject *k, *v;
	Py_ssize_t pos = 0;
	while (PyDict_Next(dict, &pos, &k, &v)) {
		if (put_first(scratch, k) < 0)
			return -1;
		if (PyList_Append(out, v) < 0) // expect-warning[MOJO-BOR-206] {{borrowed reference 'v' from 'PyDict_Next' is passed to 'PyList_Append' after 'put_first' may have run Python code (a user `__setitem__` or `__del__`, through 'PyList_SetItem') that changes 'dict'}}
			return -1;
	}
	return 0;
}
