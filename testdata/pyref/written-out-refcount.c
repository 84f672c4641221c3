/*
 * A reference count changed by hand is a Py_DECREF or Py_INCREF written
 * out: CPython's ceval.c redefines Py_DECREF as
 * `if (--op->ob_refcnt == 0) { dealloc = Py_TYPE(op)->tp_dealloc;
 * (*dealloc)(op); }`, and Cython's deallocators resurrect objects the same
 * way. The decrement releases one reference; the deallocator, read from the
 * released object's type at the same place and called on it, is part of
 * that release.
 */
#include <Python.h>

#undef Py_DECREF
#define Py_DECREF(arg) \
    do { \
        PyObject *op = _PyObject_CAST(arg); \
        if (--op->ob_refcnt == 0) { \
            destructor dealloc = Py_TYPE(op)->tp_dealloc; \
            (*dealloc)(op); \
        } \
    } while (0)

static PyObject *released_by_hand(PyObject *x)
{
	PyObject *t = PyTuple_Pack(1, x);
	if (t == NULL)
		return NULL;
	Py_DECREF(t);
	Py_RETURN_NONE;
}

static PyObject *taken_by_hand(PyObject *x)
{
	x->ob_refcnt++;
	return x;
}

static PyObject *leaked_without_it(PyObject *x)
{
	PyObject *t = PyTuple_Pack(1, x);
	if (t == NULL)
		return NULL;
	Py_RETURN_NONE; // expect-warning[MOJO-OWN-101] {{new reference 't' from 'PyTuple_Pack' is never released}}
}

static Py_ssize_t used_after_it(PyObject *x)
{
	PyObject *t = PyTuple_Pack(1, x);
	if (t == NULL)
		return -1;
	Py_DECREF(t);
	return PyTuple_GET_SIZE(t); // expect-error[MOJO-OWN-103] {{new reference 't' from 'PyTuple_Pack' is}}
}
