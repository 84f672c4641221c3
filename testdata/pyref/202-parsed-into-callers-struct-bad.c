/*
 * Items of a tuple the helper made itself and released, parsed into the
 * caller's struct, may die with that tuple: MOJO-BOR-202.
 */
#include <Python.h>

struct pair {
	PyObject *a;
	PyObject *b;
};

static int parse_seq(PyObject *seq, struct pair *out)
{
	PyObject *t = PySequence_Tuple(seq);
	if (t == NULL)
		return -1;
	int ok = PyArg_ParseTuple(t, "OO", &out->a, &out->b); // expect-warning[MOJO-BOR-202] 2 {{stored without taking a reference}}
	Py_DECREF(t);
	return ok ? 0 : -1;
}

PyObject *first_of(PyObject *self, PyObject *seq)
{
	struct pair p;
	(void)self;
	if (parse_seq(seq, &p) < 0)
		return NULL;
	return Py_NewRef(p.a);
}
