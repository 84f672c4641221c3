/* The number conversions test their argument for NULL themselves
 * (longobject.c, floatobject.c: SystemError and -1; abstract.c's
 * null_error() for PyNumber_Long): seika-engine's setters convert a
 * tuple's item whether or not PyTuple_GetItem found it, and test the
 * result. A NULL there is no crash, and no MOJO-OWN-109. */
#include <Python.h>
#include <stdio.h>

long speed_of(PyObject *args)
{
	PyObject *item = PyTuple_GetItem(args, 0);
	if (item == NULL)
		fprintf(stderr, "no speed given\n");
	return PyLong_AsLong(item);
}

double scale_of(PyObject *args)
{
	PyObject *item = PyTuple_GetItem(args, 1);
	if (item == NULL)
		fprintf(stderr, "no scale given\n");
	return PyFloat_AsDouble(item);
}

/* expect-no-diagnostics */
