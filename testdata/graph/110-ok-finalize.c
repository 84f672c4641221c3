// Fields released in tp_finalize count as released by the teardown.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *name;
} FinObject;

static int Fin_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	const char *s;
	PyObject *n;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "s", &s))
		return -1;
	if ((n = PyUnicode_FromString(s)) == NULL)
		return -1;
	Py_XSETREF(((FinObject *)self)->name, n);
	return 0;
}

static void Fin_finalize(PyObject *self)
{
	Py_CLEAR(((FinObject *)self)->name);
}

PyTypeObject FinType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Fin",
	.tp_basicsize = sizeof(FinObject),
	.tp_finalize = Fin_finalize,
	.tp_init = Fin_init,
};
// expect-no-diagnostics
