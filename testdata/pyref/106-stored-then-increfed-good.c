// `op->ctx = self; Py_INCREF(self);`: the field holds a reference of its
// own. On the error path the field is cleared and that reference dropped:
// `op->ctx = NULL; Py_DECREF(self);` is balanced, no release of a borrow.
#include <Python.h>

extern int pool_add(void *arg);

typedef struct {
	PyObject_HEAD
	PyObject *ctx;
	int busy;
} Op;

PyObject *submit(PyObject *self, PyObject *arg)
{
	Op *op = (Op *)arg;
	if (op->busy)
		return PyLong_FromLong(0);
	op->busy = 1;
	op->ctx = self;
	Py_INCREF(self);
	if (pool_add(op) < 0) {
		op->busy = 0;
		op->ctx = NULL;
		Py_DECREF(self);
		PyErr_SetString(PyExc_RuntimeError, "pool full");
		return NULL;
	}
	return PyLong_FromLong(1);
}

// The same lvalue written in the next turn of a loop is another place
// (`el++`): each element keeps the reference paid for it (gdstk's
// flexpath_object.cpp).
typedef struct {
	void *join_data;
} Element;

int set_joins(Element *elements, PyObject *joins, Py_ssize_t n)
{
	Element *el = elements;
	for (Py_ssize_t i = 0; i < n; i++, el++) {
		PyObject *item = PyList_GET_ITEM(joins, i);
		if (item == NULL)
			return -1;
		if (PyCallable_Check(item)) {
			el->join_data = (void *)item;
			Py_INCREF(item);
		}
	}
	return 0;
}
// expect-no-diagnostics
