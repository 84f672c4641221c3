/* The operation of 209-int-field-tested-twice-good.c, whose type another
 * function of the file changes through a local copy of a pointer it read
 * (not an object it made): the field is changeable, and on the path where
 * it changed between the two tests `list` is leaked. */
#include <Python.h>
#include <stdlib.h>

struct op {
	int type;
};

struct holder {
	PyObject_HEAD
	struct op *op;
};

PyObject *cmsg_to_list(void);

void holder_retype(struct holder *h)
{
	struct op *o = h->op;
	o->type = 2;
}

PyObject *op_finish(struct op *op, PyObject *bytes)
{
	PyObject *list = NULL, *tuple;
	Py_INCREF(bytes);
	switch (op->type) {
	case 1:
		if ((list = cmsg_to_list()) == NULL) {
			Py_DECREF(bytes);
			return NULL;
		}
		break;
	case 2:
		break;
	default:
		abort();
	}
	if (op->type == 2)
		tuple = Py_BuildValue("(N)", bytes);
	else
		tuple = Py_BuildValue("(NN)", bytes, list);
	return tuple; // expect-warning[MOJO-OWN-101] {{new reference 'list' from 'cmsg_to_list' is never released}}
}
