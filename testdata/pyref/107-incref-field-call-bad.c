// A field read without a reference before a call that may run Python
// code is forgotten: the field read again after it is a borrowed
// reference, and returning it needs one.
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
	if (!to_cvec(self->out, &(self->c_out)))
		return NULL;
	return self->out; // expect-error[MOJO-OWN-107] {{a borrowed reference is returned but callers expect a new reference}}
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
