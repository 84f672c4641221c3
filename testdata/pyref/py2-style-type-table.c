// A type written for Python 2 (`PyObject_HEAD_INIT(0) 0, /* ob_size */`
// then its slots by position), read with 3.x headers: every slot lands
// one field early, and the deallocator in `tp_vectorcall_offset`, a
// number. A function named in a field that holds no function registers
// nothing: the deallocator stays a plain function of the file, here one
// the constructor's error exit gives its half-made object to, which it
// frees (pytbeaglehon's `cdsctm_dtor`, blind C round 116).
// (A cli test: the initializer does not parse cleanly under 3.x headers,
// and the file is analyzed in part; no MOJO-OWN-105 on the error exit.)
#include <Python.h>
#include <stdlib.h>

typedef struct {
	PyObject_HEAD
	double *q;
} Model;

void model_dtor(Model *m);

PyTypeObject model_type = {
	PyObject_HEAD_INIT(0)
	0,                      /* ob_size */
	"model",                /* tp_name */
	sizeof(Model),          /* tp_basicsize */
	0,                      /* tp_itemsize */
	(destructor)model_dtor, /* tp_dealloc */
};

Model *model_new(unsigned n)
{
	Model *m = PyObject_New(Model, &model_type);
	if (m) {
		m->q = (double *)malloc(n * sizeof(double));
		if (!m->q)
			goto fail;
	}
	return m;
fail:
	model_dtor(m);
	return NULL;
}

void model_dtor(Model *m)
{
	if (!m)
		return;
	free(m->q);
	PyObject_Del(m);
}
