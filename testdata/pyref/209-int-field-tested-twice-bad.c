/* The operation of 209-int-field-tested-twice-good.c, whose type another
 * function of the file changes through its parameter: code that the
 * calls between the two tests run may change it, so the second test is
 * not decided by the first, and on a path where it changed `list` is
 * leaked. */
#include <Python.h>
#include <stdlib.h>

enum { T_RECV, T_RECVMSG, T_RECVFROM };

struct op {
	PyObject_HEAD
	int type;
};

PyObject *cmsg_to_list(void);

void op_retype(struct op *op, int type)
{
	op->type = type;
}

PyObject *op_finish(struct op *op, PyObject *bytes)
{
	PyObject *list = NULL, *tuple;
	Py_INCREF(bytes);
	switch (op->type) {
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
	return tuple; // expect-warning[MOJO-OWN-101] {{new reference 'list' from 'cmsg_to_list' is never released}}
}
