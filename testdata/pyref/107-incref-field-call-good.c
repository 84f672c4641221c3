// expect-no-diagnostics
// Reduced from aubio (python/ext/py-phasevoc.c): a method takes a
// reference on its object's output field, calls an external converter,
// and returns the field. The reference taken is the field's value: code
// the call might run to replace the field is not followed.
#include <Python.h>

typedef struct {
	double *data;
	Py_ssize_t length;
} vec_t;
typedef struct {
	PyObject_HEAD
	PyObject *out;
	vec_t c_out;
} Obj;

int to_cvec(PyObject *input, vec_t *out);

static PyObject *Obj_do(Obj *self, PyObject *args)
{
	Py_INCREF(self->out);
	if (!to_cvec(self->out, &(self->c_out)))
		return NULL;
	return self->out;
}

static PyMethodDef methods[] = {
	{"do", (PyCFunction)Obj_do, METH_VARARGS, NULL},
	{NULL, NULL, 0, NULL},
};

PyTypeObject ObjType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Obj",
	.tp_basicsize = sizeof(Obj),
	.tp_methods = methods,
};
