/* A "NULL or None" test on the result of a call whose result is of a
 * documented type (pyxser's `PYTHON_IS_NONE(PyUnicode_AsEncodedString(..))`,
 * `PyDict_Keys`; the rules' `fresh_result`): never None, so the branch is
 * taken only when there is no reference to leak. */
// expect-no-diagnostics
#include <Python.h>

#define IS_NONE(o) ((PyObject *)(o) == Py_None || (PyObject *)(o) == NULL)

static PyObject *to_bytes(PyObject *self, PyObject *text)
{
	PyObject *b = PyUnicode_AsEncodedString(text, "utf-8", "strict");
	if (IS_NONE(b)) {
		PyErr_SetString(PyExc_ValueError, "cannot encode");
		return NULL;
	}
	return b;
}

static PyObject *keys_of(PyObject *self, PyObject *d)
{
	PyObject *k = PyDict_Keys(d);
	if (IS_NONE(k))
		return NULL;
	return k;
}

static PyMethodDef methods[] = {
	{"to_bytes", to_bytes, METH_O, NULL},
	{"keys_of", keys_of, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};
