#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *callback;
} TimerObject;

static int Timer_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	PyObject *cb, *old;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "O", &cb))
		return -1;
	old = ((TimerObject *)self)->callback;
	((TimerObject *)self)->callback = Py_NewRef(cb);
	Py_XDECREF(old);
	return 0;
}

static void Timer_dealloc(PyObject *self)
{
	Py_XDECREF(((TimerObject *)self)->callback);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject TimerType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "clock.Timer",
	.tp_basicsize = sizeof(TimerObject),
	.tp_dealloc = Timer_dealloc,
	.tp_init = Timer_init,
};
// expect-no-diagnostics
