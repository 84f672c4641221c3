/*
 * PyTuple_SET_ITEM and PyList_SET_ITEM as CPython 3.10 and earlier spell
 * them: a plain assignment to ob_item[i] (3.11 made them static inline
 * functions, as testdata/include/Python.h does). Extensions built against
 * older headers, and vendored copies of those macros, use this form; the
 * steal must be seen whatever the spelling (rules/README.md).
 */
#include <Python.h>

#undef PyTuple_SET_ITEM
#define PyTuple_SET_ITEM(op, i, v) (_PyTuple_CAST(op)->ob_item[i] = v)
#undef PyList_SET_ITEM
#define PyList_SET_ITEM(op, i, v) (_PyList_CAST(op)->ob_item[i] = (v))

// MOJO-OWN-102: released after the tuple stole it.
PyObject *one_tuple(long v)
{
	PyObject *t = PyTuple_New(1);
	if (t == NULL)
		return NULL;
	PyObject *num = PyLong_FromLong(v);
	if (num == NULL) {
		Py_DECREF(t);
		return NULL;
	}
	PyTuple_SET_ITEM(t, 0, num);
	Py_DECREF(num); // expect-error[MOJO-OWN-102] {{'num' from 'PyLong_FromLong' is released by 'Py_DECREF' after its reference was stolen}}
	return t;
}

// MOJO-OWN-106: the list steals a reference the function does not own.
PyObject *wrap_in_list(PyObject *self, PyObject *value)
{
	(void)self;
	PyObject *list = PyList_New(1);
	if (list == NULL)
		return NULL;
	PyList_SET_ITEM(list, 0, value); // expect-error[MOJO-OWN-106] {{'value' is passed to 'PyList_SET_ITEM', which steals a reference this function does not own}}
	return list;
}

// MOJO-OWN-109: the assignment writes through an unchecked PyTuple_New.
// (Its first use: with the stub headers, the assignment's dereference;
// with CPython's own, the assert of _PyTuple_CAST reads Py_TYPE(t) first:
// the macro is named.)
PyObject *pair_unchecked(PyObject *a)
{
	PyObject *t = PyTuple_New(1);
	PyTuple_SET_ITEM(t, 0, Py_NewRef(a)); // expect-warning[MOJO-OWN-109] {{'t' from 'PyTuple_New' is}}
	return t;
}

// Correct: stealing into a fresh list, in a loop; nothing leaks.
PyObject *range_list(Py_ssize_t n)
{
	PyObject *list = PyList_New(n);
	if (list == NULL)
		return NULL;
	for (Py_ssize_t i = 0; i < n; i++) {
		PyObject *v = PyLong_FromSsize_t(i);
		if (v == NULL) {
			Py_DECREF(list);
			return NULL;
		}
		PyList_SET_ITEM(list, i, v);
	}
	return list;
}
