/*
 * A new reference to a constant that is never freed (None, True, ...,
 * as Py_GetConstant hands them out, here a compatibility definition of
 * it), dropped at once and the pointer returned as a borrow: the object
 * cannot be freed, so using it after the release is no use-after-free.
 * The same for a cached small int and for Py_None itself.
 */
// expect-no-diagnostics
#include <Python.h>

#define CONST_NONE 0
#define CONST_TRUE 1

static inline PyObject *Py_GetConstant(unsigned int id)
{
	static PyObject *table[2];
	table[0] = Py_None;
	table[1] = Py_True;
	if (id <= CONST_TRUE)
		return Py_NewRef(table[id]);
	return NULL;
}

static inline PyObject *Py_GetConstantBorrowed(unsigned int id)
{
	PyObject *o = Py_GetConstant(id);
	Py_XDECREF(o);
	return o;
}

PyObject *get_none(void)
{
	return Py_NewRef(Py_GetConstantBorrowed(CONST_NONE));
}

int is_zero(PyObject *x)
{
	PyObject *zero = PyLong_FromLong(0);
	Py_DECREF(zero);
	return x == zero;
}

PyObject *none_borrowed(void)
{
	PyObject *o = Py_NewRef(Py_None);
	Py_DECREF(o);
	return Py_NewRef(o);
}
