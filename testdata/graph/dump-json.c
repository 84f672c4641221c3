// ARGS: --dump-graph=json
// Golden test of --dump-graph=json: a non-GC type with an unreleased heap
// field and a self-reaching object field, module state with a forgotten
// field, and two lists that own each other.
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

/* check-output-start
{
  "owners": [
    {"id": 0, "kind": "type", "var": "TimerType", "name": "clock.Timer", "struct": "TimerObject", "loc": "dump-json.c:39:14", "gc": false,
     "slots": {"tp_dealloc": "Timer_dealloc"},
     "fields": [
       {"name": "callback", "stored_at": "dump-json.c:29:2", "api": "_Py_NewRef", "resource": "pyref", "released": true, "visited": true, "cyclic": true, "refers_to": "any"},
       {"name": "label", "stored_at": "dump-json.c:28:25", "api": "PyMem_Malloc", "resource": "heap", "released": false, "visited": true, "cyclic": false, "refers_to": null}
     ]},
    {"id": 1, "kind": "module", "var": "clock_def", "name": "clock", "struct": "clockstate", "loc": "dump-json.c:68:27", "gc": null,
     "slots": {"m_clear": "clock_clear"},
     "fields": [
       {"name": "timers", "stored_at": "dump-json.c:50:11", "api": "PyList_New", "resource": "pyref", "released": true, "visited": true, "cyclic": false, "refers_to": null},
       {"name": "error", "stored_at": "dump-json.c:52:6", "api": "PyErr_NewException", "resource": "pyref", "released": false, "visited": true, "cyclic": false, "refers_to": null}
     ]}
  ],
  "globals": [],
  "capsules": [],
  "objects": [
    {"func": "Timer_init", "from": "self", "to": "cb", "label": "->callback", "loc": "dump-json.c:29:2", "cyclic": false},
    {"func": "clock_pair", "from": "a", "to": "b", "label": "PyList_Append", "loc": "dump-json.c:83:6", "cyclic": true},
    {"func": "clock_pair", "from": "b", "to": "a", "label": "PyList_Append", "loc": "dump-json.c:83:33", "cyclic": true}
  ]
}
check-output-end */
