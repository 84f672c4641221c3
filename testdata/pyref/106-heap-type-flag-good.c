// A type's flags do not change: a reference taken on a heap type only
// (`if (tp->tp_flags & Py_TPFLAGS_HEAPTYPE) Py_INCREF(tp);`, static types
// are not counted) and released under the same test after a call is
// paid on every path; `1UL << 9`, the flag's value, is a constant
// (dbzero's owner of a `PyTypeObject *`, C++ round 69).
// expect-no-diagnostics
#include <Python.h>

PyObject *make_instance(PyTypeObject *tp)
{
	if (tp->tp_flags & Py_TPFLAGS_HEAPTYPE)
		Py_INCREF(tp);
	PyObject *r = PyObject_CallNoArgs((PyObject *)tp);
	if (tp->tp_flags & Py_TPFLAGS_HEAPTYPE)
		Py_DECREF(tp);
	return r;
}

PyObject *make_instance_by_feature(PyTypeObject *tp)
{
	if (PyType_HasFeature(tp, Py_TPFLAGS_HEAPTYPE))
		Py_INCREF(tp);
	PyObject *r = PyObject_CallNoArgs((PyObject *)tp);
	if (PyType_HasFeature(tp, Py_TPFLAGS_HEAPTYPE))
		Py_DECREF(tp);
	return r;
}
