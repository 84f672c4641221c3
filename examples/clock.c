/*
 * clock.c — example CPython extension for mojo-ownlint's ownership graph
 * (README.md, "The ownership graph"; picture: examples/clock-graph.png).
 *
 * A timer type and a module state, with four genuine ownership bugs:
 *   - Timer_dealloc never frees the heap block in `label` (MOJO-OWN-110);
 *   - Timer holds any object in `callback` but is not GC-tracked, so a
 *     callback that refers back to its timer is never freed (MOJO-OWN-108);
 *   - the module's m_clear forgets `error` (MOJO-OWN-110);
 *   - clock_pair() makes two lists own each other (MOJO-OWN-108).
 * Run: build/analyzer/mojo-ownlint --dump-graph examples/clock.c | dot -Tpng
 */
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *callback;
	char *label;
} TimerObject;

typedef struct {
	PyObject *timers;
	PyObject *error;
} clockstate;

static int Timer_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	PyObject *cb;
	char *l;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "O", &cb))
		return -1;
	if ((l = PyMem_Malloc(8)) == NULL)
		return -1;
	PyMem_Free(((TimerObject *)self)->label);
	((TimerObject *)self)->label = l;
	Py_XSETREF(((TimerObject *)self)->callback, Py_NewRef(cb));
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

static int clock_exec(PyObject *m)
{
	clockstate *st = PyModule_GetState(m);
	if ((st->timers = PyList_New(0)) == NULL)
		return -1;
	st->error = PyErr_NewException("clock.Error", NULL, NULL);
	return st->error ? 0 : -1;
}

static int clock_clear(PyObject *m)
{
	clockstate *st = PyModule_GetState(m);
	Py_CLEAR(st->timers);
	return 0;
}

static PyModuleDef_Slot clock_slots[] = {
	{Py_mod_exec, clock_exec},
	{0, NULL},
};

static struct PyModuleDef clock_def = {
	PyModuleDef_HEAD_INIT,
	.m_name = "clock",
	.m_size = sizeof(clockstate),
	.m_slots = clock_slots,
	.m_clear = clock_clear,
};

static PyObject *clock_pair(PyObject *mod, PyObject *unused)
{
	PyObject *a = PyList_New(0), *b = PyList_New(0);
	(void)mod;
	(void)unused;
	if (a == NULL || b == NULL)
		goto error;
	if (PyList_Append(a, b) < 0 || PyList_Append(b, a) < 0)
		goto error;
	Py_DECREF(b);
	return a;
error:
	Py_XDECREF(a);
	Py_XDECREF(b);
	return NULL;
}

PyObject *PyInit_clock(void)
{
	(void)clock_pair;
	return PyModuleDef_Init(&clock_def);
}
