/*
 * A converter fills its caller's struct with borrowed references and takes
 * its own references only once everything succeeded; on an error exit the
 * caller drops the struct, so the borrows left in it there are no escape.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject *document_class;
	PyObject *tzinfo;
} options_t;

int convert_options(PyObject *options, options_t *o)
{
	if (!PyArg_ParseTuple(options, "OO", &o->document_class, &o->tzinfo))
		return -1;
	if (PyObject_IsTrue(o->document_class) < 0)
		return -1;
	Py_INCREF(o->document_class);
	Py_INCREF(o->tzinfo);
	return 0;
}
