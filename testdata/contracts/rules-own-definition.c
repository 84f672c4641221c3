// ARGS: --rules testdata/contracts/project.rules.json
/*
 * A rules file's declaration governs the function's own definition too
 * (issue #11, item 3): cache_lookup is declared to return a borrowed
 * reference, so returning one is its contract, not MOJO-OWN-107; and
 * cache_adopt, declared to steal its argument, owns it on entry.
 */
#include <Python.h>

static PyObject *cache;

PyObject *cache_lookup(const char *name)
{
	return PyDict_GetItemString(cache, name);
}

int cache_adopt(PyObject *o)
{
	int r = PyDict_SetItemString(cache, "last", o);
	Py_DECREF(o);
	return r;
}

PyObject *use(PyObject *self, PyObject *noargs)
{
	(void)self;
	(void)noargs;
	PyObject *v = cache_lookup("x");
	if (v == NULL)
		Py_RETURN_NONE;
	Py_DECREF(v); // expect-error[MOJO-OWN-106] {{'v' from 'cache_lookup'}}
	PyObject *n = PyLong_FromLong(2);
	if (n == NULL)
		return NULL;
	if (cache_adopt(n) < 0)
		return NULL;
	Py_RETURN_NONE;
}
