// expect-no-diagnostics
// Reduced from mysql-connector-python (src/mysql_capi.c's CHECK_SESSION):
// CPython never calls a registered method with a NULL `self`, so the
// leak on that branch cannot happen.
#include <Python.h>

static void raise_with_string(PyObject *msg)
{
	PyErr_SetObject(PyExc_RuntimeError, msg);
}

#define CHECK_SESSION(session)						\
	if (session == NULL) {						\
		raise_with_string(PyUnicode_FromString("no session"));	\
		return 0;						\
	}

typedef struct {
	PyObject_HEAD
	int connected;
} Conn;

static PyObject *Conn_insert_id(Conn *self, PyObject *unused)
{
	(void)unused;
	CHECK_SESSION(self);
	return PyLong_FromLong(self->connected);
}

static PyMethodDef Conn_methods[] = {
	{"insert_id", (PyCFunction)Conn_insert_id, METH_NOARGS, NULL},
	{NULL, NULL, 0, NULL},
};

PyTypeObject ConnType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Conn",
	.tp_basicsize = sizeof(Conn),
	.tp_methods = Conn_methods,
};
