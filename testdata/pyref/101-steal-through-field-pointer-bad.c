// Called through the field, the API does what it does: a reference the
// call stole is not the caller's to release.
#include <Python.h>

typedef struct {
	PyObject *(*Node_New)(Py_ssize_t);
	int (*SetItem)(PyObject *, Py_ssize_t, PyObject *);
} callbacks;

static PyObject *make_pair(callbacks *cb)
{
	PyObject *t = cb->Node_New(1);
	if (t == NULL)
		return NULL;
	PyObject *v = PyLong_FromLong(1);
	if (v == NULL) {
		Py_DECREF(t);
		return NULL;
	}
	cb->SetItem(t, 0, v);
	Py_DECREF(v); // expect-error[MOJO-OWN-102] {{new reference 'v' from 'PyLong_FromLong' is released by 'Py_DECREF' after its reference was stolen}}
	return t;
}

PyObject *build(PyObject *self, PyObject *arg)
{
	callbacks cb;
	(void)self;
	cb.Node_New = PyTuple_New;
	cb.SetItem = PyTuple_SetItem;
	if (PyUnicode_Check(arg)) {
		cb.Node_New = PyList_New;
		cb.SetItem = PyList_SetItem;
	}
	return make_pair(&cb);
}
