#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *label; // always a str
} TimerObject;

static int Timer_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	const char *s;
	PyObject *label, *old;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "s", &s))
		return -1;
	if ((label = PyUnicode_FromString(s)) == NULL)
		return -1;
	old = ((TimerObject *)self)->label;
	((TimerObject *)self)->label = label;
	Py_XDECREF(old);
	return 0;
}

static void Timer_dealloc(PyObject *self) // expect-warning[MOJO-OWN-110] {{'label'}}
{
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject TimerType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "clock.Timer",
	.tp_basicsize = sizeof(TimerObject),
	.tp_dealloc = Timer_dealloc,
	.tp_init = Timer_init,
};
