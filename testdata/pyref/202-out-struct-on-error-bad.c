/*
 * On the success exit the borrows stay in the caller's struct without a
 * reference of their own: the struct outlives them.
 */
#include <Python.h>

typedef struct {
	PyObject *document_class;
	PyObject *tzinfo;
} options_t;

int convert_options(PyObject *options, options_t *o)
{
	if (!PyArg_ParseTuple(options, "OO", &o->document_class, &o->tzinfo)) // expect-warning[MOJO-BOR-202] {{borrowed reference 'o->tzinfo' from 'PyArg_ParseTuple' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
		return -1;
	if (PyObject_IsTrue(o->document_class) < 0)
		return -1;
	Py_INCREF(o->document_class);
	return 0;
}
