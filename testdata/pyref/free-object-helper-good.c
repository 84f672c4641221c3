// A constructor that gives up its half-made object through a function of
// the file that frees the object's memory (`PyObject_Del`) after its
// buffers: that function releases the new reference, here a plain
// function with external linkage that no type table of the file names
// (pytbeaglehon's `cdsctm_dtor`, blind C round 116, named in a
// Python-2-style type the 3.x headers do not parse).
// expect-no-diagnostics
#include <Python.h>
#include <stdlib.h>

typedef struct {
	PyObject_HEAD
	double *q;
} Model;

extern PyTypeObject model_type;
void model_destroy(Model *m);

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
	model_destroy(m);
	return NULL;
}

void model_destroy(Model *m)
{
	if (!m)
		return;
	free(m->q);
	PyObject_Del(m);
}
