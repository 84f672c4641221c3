/*
 * MOJO-OWN-109 and integer constant expressions: a shift, an or, a
 * product of constants is folded, and a value outside CPython's cache of
 * small ints (-5..256) may need a new int, whose allocation can fail.
 * One bug per function.
 */
#include <Python.h>

#define OPT_HIGH (1 << 9)
#define OPT_MASK (OPT_HIGH | 0x3)

// 1 << 9 is 512: not cached.
PyObject *from_wide_shift(void)
{
	PyObject *n = PyLong_FromLong(OPT_HIGH);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n); // expect-warning[MOJO-OWN-109] {{'n' from 'PyLong_FromLong' is passed to 'Py_DECREF' before it is checked for NULL}}
	return t;
}

// 512 | 3 is 515.
PyObject *from_wide_or(void)
{
	PyObject *n = PyLong_FromLong(OPT_MASK);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n); // expect-warning[MOJO-OWN-109] {{'n' from 'PyLong_FromLong' is passed to 'Py_DECREF' before it is checked for NULL}}
	return t;
}

// ~0u is the largest unsigned int, not -1.
PyObject *from_unsigned_not(void)
{
	PyObject *n = PyLong_FromUnsignedLong(~0u);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n); // expect-warning[MOJO-OWN-109] {{'n' from 'PyLong_FromUnsignedLong' is passed to 'Py_DECREF' before it is checked for NULL}}
	return t;
}

// A shift of a variable is not a constant.
PyObject *from_variable_shift(int k)
{
	PyObject *n = PyLong_FromLong(1 << k);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n); // expect-warning[MOJO-OWN-109] {{'n' from 'PyLong_FromLong' is passed to 'Py_DECREF' before it is checked for NULL}}
	return t;
}
