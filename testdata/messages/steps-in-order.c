// A finding about an earlier step, judged at the path's end (a borrowed
// reference stored without a reference of its own, MOJO-BOR-202; a
// borrowed reference stolen, MOJO-OWN-106): its steps end at that step,
// in the order they happened (issue 29). The branches the path took after
// it were listed before it, out of order; they are not shown now. The
// outcome of the step's own statement (the steal a success settles) is.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *last;
} Holder;

int t_store(Holder *self, PyObject *dict, PyObject *key, int flag)
{
	PyObject *v = PyDict_GetItem(dict, key); // expect-note {{'v': borrowed reference returned by 'PyDict_GetItem'}}
	if (v == NULL) // expect-note {{assuming 'v == NULL' is false}}
		return -1;
	self->last = v; // expect-warning[MOJO-BOR-202] {{borrowed reference 'v' from 'PyDict_GetItem' is stored without taking a reference}} expect-note {{stored here; the owner may release it first}}
	if (flag)
		return 1;
	return 0;
}

PyObject *t_steal_in_loop(PyObject *src, Py_ssize_t n)
{
	PyObject *list = PyList_New(n);
	if (list == NULL)
		return NULL;
	PyObject *item = PyTuple_GetItem(src, 0);
	if (item == NULL) {
		Py_DECREF(list);
		return NULL;
	}
	for (Py_ssize_t i = 0; i < n; i++)
		PyList_SET_ITEM(list, i, item); // expect-error[MOJO-OWN-106] {{borrowed reference 'item' from 'PyTuple_GetItem' is passed to 'PyList_SET_ITEM', which steals a reference this function does not own}} expect-note {{stolen here by 'PyList_SET_ITEM'}}
	return list;
}

int t_steal_on_success(PyObject *m)
{
	PyObject *none = Py_None;
	if (PyModule_AddObject(m, "nothing", none) < 0) // expect-error[MOJO-OWN-106] {{'PyModule_AddObject'}} expect-note {{assuming 'PyModule_AddObject(m, "nothing", none) < 0' is false}} expect-note {{stolen here by 'PyModule_AddObject'}}
		return -1;
	if (m == NULL)
		return -2;
	return 0;
}
