// A single-phase module (m_size -1): CPython runs its init function once
// per process, so a global it sets there is set once, whatever its m_free
// releases.
// expect-no-diagnostics
#include <Python.h>

static PyObject *error_type;
static PyObject *cached_name;

static void mod_free(void *m)
{
	(void)m;
	Py_CLEAR(cached_name);
}

static struct PyModuleDef mod_def = {
	PyModuleDef_HEAD_INIT,
	.m_name = "single",
	.m_size = -1,
	.m_free = mod_free,
};

static int add_names(void)
{
	cached_name = PyUnicode_FromString("name");
	return cached_name == NULL ? -1 : 0;
}

PyObject *PyInit_single(void)
{
	PyObject *m = PyModule_Create(&mod_def);
	if (m == NULL)
		return NULL;
	error_type = PyErr_NewException("single.Error", NULL, NULL);
	if (error_type == NULL || add_names() < 0) {
		Py_DECREF(m);
		return NULL;
	}
	return m;
}
