// ARGS: --dump-graph
// Golden test of --dump-graph=dot: a non-GC type with an unreleased heap
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
digraph ownership {
	graph [rankdir=LR, fontname="Helvetica", fontsize=10];
	node [shape=box, fontname="Helvetica", fontsize=10];
	edge [fontname="Helvetica", fontsize=9];
	subgraph cluster_o0 {
		label="type clock.Timer\nTimerObject\nno GC";
		o0 [label="TimerType (dump-dot.c:39)\ntp_dealloc=Timer_dealloc", shape=component];
		o0_f0 [label="callback", shape=ellipse];
		o0_f1 [label="label", shape=ellipse];
	}
	subgraph cluster_o1 {
		label="module clock\nclockstate";
		o1 [label="clock_def (dump-dot.c:68)\nm_clear=clock_clear", shape=component];
		o1_f2 [label="timers", shape=ellipse];
		o1_f3 [label="error", shape=ellipse];
	}
	o0 -> o0_f0 [label="_Py_NewRef\ndump-dot.c:29", color=red, fontcolor=red];
	o0_f0 -> any_object [style=dashed, color=red];
	o0 -> o0_f1 [label="PyMem_Malloc\ndump-dot.c:28\nnot released", color=red, fontcolor=red];
	o1 -> o1_f2 [label="PyList_New\ndump-dot.c:50"];
	o1 -> o1_f3 [label="PyErr_NewException\ndump-dot.c:52\nnot released", color=red, fontcolor=red];
	any_object [label="any object", shape=plaintext];
	subgraph cluster_fn0 {
		label="function Timer_init";
		"fn0_self" -> "fn0_cb" [label="->callback\ndump-dot.c:29"];
	}
	subgraph cluster_fn1 {
		label="function clock_pair";
		"fn1_a" -> "fn1_b" [label="PyList_Append\ndump-dot.c:83", color=red, fontcolor=red];
		"fn1_b" -> "fn1_a" [label="PyList_Append\ndump-dot.c:83", color=red, fontcolor=red];
	}
	"fn0_self" [label="self", shape=ellipse];
	"fn0_cb" [label="cb", shape=ellipse];
	"fn1_a" [label="a", shape=ellipse];
	"fn1_b" [label="b", shape=ellipse];
}
check-output-end */
