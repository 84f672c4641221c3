// A single-phase module (m_size -1) whose function sets a global at each
// call, not in the init function: its m_free releases the other global
// and forgets this one.
#include <Python.h>

static PyObject *last_result;
static PyObject *cached_name;

static PyObject *remember(PyObject *self, PyObject *arg)
{
	(void)self;
	Py_XSETREF(last_result, PyObject_Str(arg));
	if (last_result == NULL)
		return NULL;
	Py_RETURN_NONE;
}

static void mod_free(void *m) // expect-warning[MOJO-OWN-110] {{global 'last_result' owns a new reference from 'PyObject_Str' but the module teardown 'mod_free' never releases it}}
{
	(void)m;
	Py_CLEAR(cached_name);
}

static PyMethodDef mod_methods[] = {
	{"remember", remember, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};

static struct PyModuleDef mod_def = {
	PyModuleDef_HEAD_INIT,
	.m_name = "single",
	.m_size = -1,
	.m_methods = mod_methods,
	.m_free = mod_free,
};

PyObject *PyInit_single(void)
{
	PyObject *m = PyModule_Create(&mod_def);
	if (m == NULL)
		return NULL;
	cached_name = PyUnicode_FromString("name");
	if (cached_name == NULL) {
		Py_DECREF(m);
		return NULL;
	}
	return m;
}
