/* The idiom of 210-parsed-into-own-static-good.c with an optional item:
 * a call that leaves it out keeps the last call's object in the static,
 * which nothing keeps alive. Still reported. */
#include <Python.h>

static PyObject *call_with_default(PyObject *self, PyObject *args)
{
	static PyObject *callable = NULL;
	static PyObject *fallback = NULL;
	if (!PyArg_ParseTuple(args, "O|O", &callable, &fallback)) // expect-warning[MOJO-BOR-202] {{borrowed reference 'fallback' from 'PyArg_ParseTuple' is stored without taking a reference}}
		return NULL;
	return PyObject_CallFunctionObjArgs(callable, fallback, NULL);
}
