/* A getter that returns True or False without a reference: a bug where
 * they are counted (before Python 3.12), nothing at all where they are
 * immortal. Whether this project runs only on the latter, its
 * pyproject.toml or setup.py says (requires-python, python_requires). */
#include <Python.h>

typedef struct {
	PyObject_HEAD
	int on;
} Flag;

static PyObject *flag_get_on(PyObject *self, void *closure)
{
	return ((Flag *)self)->on ? Py_True : Py_False;
}

static PyGetSetDef flag_getset[] = {
	{"on", flag_get_on, NULL, NULL, NULL},
	{NULL},
};
