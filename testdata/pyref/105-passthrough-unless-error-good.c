/* A helper that hands its argument back unless an error is set, and
 * returns NULL when one is (janus-swi's `check_error(obj)`, which turns
 * a pending error into an error of its host language): called on the
 * result of a call that sets an error exactly when it returns NULL, it
 * returns that result, NULL or not. Nothing leaks when it returns NULL,
 * and no Python code it runs only when an error is set runs on the path
 * that goes on. A lookup that returns NULL for "absent" and calls
 * nothing that can raise sets no error either. */
// expect-no-diagnostics
#include <Python.h>

static PyObject *check_error(PyObject *obj)
{
	PyObject *ex = PyErr_Occurred();
	if (ex) {
		PyObject *type, *value, *tb;
		PyErr_Fetch(&type, &value, &tb);
		PyObject *name = PyObject_GetAttrString(type, "__name__");
		Py_XDECREF(name);
		Py_XDECREF(type);
		Py_XDECREF(value);
		Py_XDECREF(tb);
		return NULL;
	} else
		return obj;
}

typedef struct cell { long key; PyObject *value; struct cell *next; } cell;

static PyObject *lookup(cell *table, long key)
{
	for (cell *c = table; c; c = c->next)
		if (c->key == key)
			return c->value;
	return NULL;
}

int import_into(PyObject *name, cell *table, long key, PyObject **out)
{
	if (key && lookup(table, key))
		return 0;
	PyObject *m = check_error(PyImport_Import(name));
	if (!m)
		return -1;
	*out = m;
	return 1;
}

PyObject *call_it(PyObject *f)
{
	return check_error(PyObject_CallObject(f, NULL));
}

int walk(PyObject *dict, int (*visit)(PyObject *))
{
	Py_ssize_t pos = 0;
	PyObject *k, *v;
	Py_ssize_t n = PyDict_Size(dict);
	(void)n;
	while (PyDict_Next(dict, &pos, &k, &v)) {
		const char *s = PyUnicode_AsUTF8(k);
		if (!check_error((PyObject *)(void *)s))
			return -1;
		if (!visit(v))
			return -1;
	}
	return 0;
}
