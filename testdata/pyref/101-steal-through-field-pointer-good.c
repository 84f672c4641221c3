// A table of the extension's own holds the API it calls: `SetItem` is
// PyList_SetItem or PyTuple_SetItem by the kind of node built, both of
// which steal their third argument (pyRXP's parser data). What is handed
// to the call through the field is stolen, not leaked.
#include <Python.h>

typedef struct {
	PyObject *(*Node_New)(Py_ssize_t);
	int (*SetItem)(PyObject *, Py_ssize_t, PyObject *);
} callbacks;

static PyObject *make_node(callbacks *cb, PyObject *name)
{
	PyObject *t = cb->Node_New(2);
	if (t == NULL)
		return NULL;
	Py_INCREF(name);
	cb->SetItem(t, 0, name);
	cb->SetItem(t, 1, PyLong_FromLong(1));
	return t;
}

PyObject *build(PyObject *self, PyObject *name)
{
	callbacks cb;
	(void)self;
	if (PyUnicode_Check(name)) {
		cb.Node_New = PyList_New;
		cb.SetItem = PyList_SetItem;
	} else {
		cb.Node_New = PyTuple_New;
		cb.SetItem = PyTuple_SetItem;
	}
	return make_node(&cb, name);
}
// expect-no-diagnostics
