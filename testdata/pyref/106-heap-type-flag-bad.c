// A reference taken on a heap type only, released on every type: a
// static type loses a reference it never gave (106-heap-type-flag-good.c
// tests the flag on both sides).
#include <Python.h>

PyObject *make_instance(PyTypeObject *tp)
{
	if (tp->tp_flags & Py_TPFLAGS_HEAPTYPE)
		Py_INCREF(tp);
	PyObject *r = PyObject_CallNoArgs((PyObject *)tp);
	Py_DECREF(tp); // expect-error[MOJO-OWN-106] {{borrowed reference 'tp' is released by 'Py_DECREF' but this function does not own it}}
	return r;
}
