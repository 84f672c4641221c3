// A constructor's default argument is its value when the call leaves it
// out (mahotas' holdref(PyObject *, bool incref = true)): the guard takes
// a reference of its own, and its destructor pays it back. None of these
// functions may get a finding.
//
// expect-no-diagnostics
#include <Python.h>

struct holdref {
	holdref(PyObject *obj, bool incref = true) : obj(obj)
	{
		if (incref)
			Py_XINCREF(obj);
	}
	~holdref() { Py_XDECREF(obj); }
	PyObject *const obj;
};

PyObject *hold_argument(PyObject *self, PyObject *args)
{
	(void)self;
	PyObject *o;
	if (!PyArg_ParseTuple(args, "O", &o))
		return NULL;
	holdref h(o);
	Py_RETURN_NONE;
}

PyObject *adopt_new(PyObject *self, PyObject *noargs)
{
	(void)self, (void)noargs;
	PyObject *l = PyList_New(0);
	if (!l)
		return NULL;
	holdref h(l, false);
	return PyLong_FromSsize_t(PyList_GET_SIZE(h.obj));
}
