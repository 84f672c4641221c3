// When the result of a pass-through helper is taken, its failure leaves
// the argument with the caller: returning NULL then leaks it.
#include <Python.h>

static PyObject *append_item(long v, PyObject *root)
{
	PyObject *obj = PyLong_FromLong(v);
	if (obj == NULL)
		return NULL;
	PyList_Append(root, obj);
	Py_DECREF(obj);
	return root;
}

PyObject *build_one(long v)
{
	PyObject *root = PyList_New(0);
	if (root == NULL)
		return NULL;
	PyObject *r = append_item(v, root);
	if (r == NULL)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'root' from 'PyList_New' is leaked on the error exit}}
	return r;
}

// Returned as is, the failure leaks it the same way.
PyObject *build_two(long v)
{
	PyObject *root = PyList_New(0);
	if (root == NULL)
		return NULL;
	return append_item(v, root); // expect-warning[MOJO-OWN-105] {{new reference 'root' from 'PyList_New' is leaked when 'append_item' fails: it steals the reference only on success, and its failure is returned as is}}
}

// A helper that makes a new object around its argument is no pass-through:
// dropping its result loses the reference it took.
static PyObject *wrap(PyObject *item)
{
	PyObject *t = PyTuple_New(1);
	if (t == NULL)
		return NULL;
	PyTuple_SET_ITEM(t, 0, item);
	return t;
}

void drop_wrapped(void)
{
	PyObject *item = PyLong_FromLong(1000);
	if (item == NULL)
		return;
	wrap(item); // expect-warning[MOJO-OWN-101] {{new reference from 'wrap' is leaked: its last handle is lost here}} expect-warning[MOJO-OWN-101] {{new reference 'item' from 'PyLong_FromLong' is leaked when 'wrap' fails: it steals the reference only on success, and its result is never checked}}
}
