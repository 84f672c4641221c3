// PySequence_Size(NULL) answers -1, so only a size known to be 0 or more
// tells the sequence was there (109-size-of-null-good.c): reading an item
// without such a test, or when the size was only tested against -1's
// other side, still reads through a pointer that may be NULL.
#include <Python.h>

static PyObject *first_item(PyObject *self, PyObject *obj)
{
	(void)self;
	PyObject *seq = PySequence_Fast(obj, "expected a sequence");
	Py_ssize_t n = PySequence_Size(seq);
	if (n == 0) {
		Py_XDECREF(seq);
		Py_RETURN_NONE;
	}
	PyObject *item = PySequence_Fast_GET_ITEM(seq, 0); // expect-warning[MOJO-OWN-109] {{new reference 'seq' from 'PySequence_Fast' is passed to 'PySequence_Fast_GET_ITEM' before it is checked for NULL}}
	Py_INCREF(item);
	Py_DECREF(seq);
	return item;
}
