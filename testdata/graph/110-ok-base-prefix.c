// Reduced from CPython 3.11 Modules/_asynciomodule.c: TaskObj starts with
// FutureObj's fields under other names (a prefix macro); its tp_clear and
// tp_traverse call FutureObj's, which release and visit them.
#include <Python.h>

#define FUT_HEAD(prefix) \
	PyObject_HEAD \
	PyObject *prefix##_result; \
	PyObject *prefix##_cancel_msg;

typedef struct { FUT_HEAD(fut) } FutureObj;
typedef struct { FUT_HEAD(task) PyObject *task_coro; } TaskObj;

static int Future_traverse(PyObject *self, visitproc visit, void *arg)
{
	Py_VISIT(((FutureObj *)self)->fut_result);
	Py_VISIT(((FutureObj *)self)->fut_cancel_msg);
	return 0;
}

static int Future_clear(PyObject *self)
{
	Py_CLEAR(((FutureObj *)self)->fut_result);
	Py_CLEAR(((FutureObj *)self)->fut_cancel_msg);
	return 0;
}

static int Task_set(PyObject *self, PyObject *msg, PyObject *coro)
{
	Py_XSETREF(((TaskObj *)self)->task_cancel_msg, Py_NewRef(msg));
	Py_XSETREF(((TaskObj *)self)->task_coro, Py_NewRef(coro));
	return 0;
}

static int Task_traverse(PyObject *self, visitproc visit, void *arg)
{
	Py_VISIT(((TaskObj *)self)->task_coro);
	return Future_traverse(self, visit, arg);
}

static int Task_clear(PyObject *self)
{
	Py_CLEAR(((TaskObj *)self)->task_coro);
	return Future_clear(self);
}

static void Task_dealloc(PyObject *self)
{
	PyObject_GC_UnTrack(self);
	Task_clear(self);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject FutureType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Future",
	.tp_basicsize = sizeof(FutureObj),
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
	.tp_traverse = Future_traverse,
	.tp_clear = Future_clear,
};

PyTypeObject TaskType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Task",
	.tp_basicsize = sizeof(TaskObj),
	.tp_dealloc = Task_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
	.tp_traverse = Task_traverse,
	.tp_clear = Task_clear,
};

void *keep_task_set = (void *)Task_set;
// expect-no-diagnostics
