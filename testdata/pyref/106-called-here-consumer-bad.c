// Its caller that releases again after the failure releases twice, and
// one that lends it a borrowed reference gives away what is not its own
// (its summary: "release_on_failure"); a function no function of the
// file calls keeps the convention (below). Reduced from gdspy's clipper.cpp
// (parse_polygon, whose callers release again).
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *a;
} ResultObject;

extern PyTypeObject Result_Type;
extern PyObject *make_a(void);

int result_init(ResultObject *self)
{
	if ((self->a = make_a()) == NULL) {
		Py_DECREF(self);
		return -1;
	}
	return 0;
}

PyObject *result_create(void)
{
	PyObject *r = PyObject_CallNoArgs((PyObject *)&Result_Type);
	if (r == NULL)
		return NULL;
	if (result_init((ResultObject *)r) < 0) {
		Py_DECREF(r); // expect-error[MOJO-OWN-104] {{new reference 'r' from 'PyObject_CallNoArgs' is released twice}}
		return NULL;
	}
	return r;
}

static PyObject *init_arg(PyObject *self, PyObject *arg)
{
	(void)self;
	if (result_init((ResultObject *)arg) < 0) // expect-error[MOJO-OWN-106] {{borrowed reference 'arg' is released by 'result_init' but this function does not own it}}
		return NULL;
	Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
	{"init_arg", init_arg, METH_O, NULL},
	{NULL, NULL, 0, NULL},
};

/* A function no function of the file calls keeps the convention when it
   releases its parameter on some paths only (a release on every path is
   a consumer's: 106-exported-consumer-good.c), */
int drop_it(PyObject *o)
{
	if (PyObject_Size(o) < 0) {
		Py_DECREF(o); // expect-error[MOJO-OWN-106] {{borrowed reference 'o' is released by 'Py_DECREF' but this function does not own it}}
		return -1;
	}
	return 0;
}

/* and when its parameters are spelled as a method's, which another file's
   table may register: CPython lends them. */
PyObject *method_of_another_file(PyObject *self, PyObject *arg)
{
	PyObject *r = PyObject_Repr(arg);
	Py_DECREF(arg); // expect-error[MOJO-OWN-106] {{borrowed reference 'arg' is released by 'Py_DECREF' but this function does not own it}}
	(void)self;
	return r;
}
