// A constructor whose error exit hands its half-made object to a function
// of the file that frees the object's buffer but not the object: the new
// reference leaks (free-object-helper-good.c frees it with PyObject_Del).
#include <Python.h>
#include <stdlib.h>

typedef struct {
	PyObject_HEAD
	double *q;
} Model;

extern PyTypeObject model_type;
void model_clear(Model *m);

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
	model_clear(m);
	return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'm' from '_PyObject_New' is leaked on the error exit}}
}

void model_clear(Model *m)
{
	if (!m)
		return;
	free(m->q);
	m->q = NULL;
}
