// A type without GC that owns a plain C buffer: C memory holds no
// references, so there is no cycle to collect.
#include <Python.h>

typedef struct {
	double *data;
	Py_ssize_t n;
} vec;

typedef struct {
	PyObject_HEAD
	vec *v;
} VecObject;

static int Vec_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	vec *v = PyMem_Malloc(sizeof *v);
	(void)args;
	(void)kwds;
	if (v == NULL)
		return -1;
	v->data = NULL;
	v->n = 0;
	PyMem_Free(((VecObject *)self)->v);
	((VecObject *)self)->v = v;
	return 0;
}

static void Vec_dealloc(PyObject *self)
{
	PyMem_Free(((VecObject *)self)->v);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject VecType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Vec",
	.tp_basicsize = sizeof(VecObject),
	.tp_dealloc = Vec_dealloc,
	.tp_init = Vec_init,
};
// expect-no-diagnostics
