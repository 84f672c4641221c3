/* An integer field of the operation a parameter points to, tested by a
 * switch and again after calls that run code (kore's `op->type`): no
 * function of the file assigns it but where the operation is made, so
 * the second test decides as the first did, and `list`, made only for
 * a RECVMSG operation, always goes into the tuple with "N".
 * expect-no-diagnostics */
#include <Python.h>
#include <stdlib.h>

enum { T_RECV, T_RECVMSG, T_RECVFROM };

struct op {
	PyObject_HEAD
	int type;
	char path[108];
};

PyObject *cmsg_to_list(void);
extern PyTypeObject OpType;

struct op *op_new(int type)
{
	struct op *op = PyObject_New(struct op, &OpType);
	if (op == NULL)
		return NULL;
	op->type = type;
	op->path[0] = '\0';
	return op;
}

PyObject *op_finish(struct op *op)
{
	PyObject *list = NULL, *tuple, *result;
	PyObject *bytes = PyBytes_FromString(op->path);
	if (bytes == NULL)
		return NULL;
	switch (op->type) {
	case T_RECV:
		Py_DECREF(bytes);
		return NULL;
	case T_RECVMSG:
		if ((list = cmsg_to_list()) == NULL) {
			Py_DECREF(bytes);
			return NULL;
		}
		break;
	case T_RECVFROM:
		break;
	default:
		abort();
	}
	if (op->type == T_RECVFROM)
		tuple = Py_BuildValue("(N)", bytes);
	else
		tuple = Py_BuildValue("(NN)", bytes, list);
	if (tuple == NULL)
		return NULL;
	result = PyObject_CallOneArg(PyExc_StopIteration, tuple);
	Py_DECREF(tuple);
	return result;
}
