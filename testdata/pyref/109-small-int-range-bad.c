/*
 * MOJO-OWN-109 and CPython's cache of small ints (-5..256): an argument
 * not proven inside the cache's range may need a new int, whose
 * allocation can fail. One bug per function.
 */
#include <Python.h>

struct options {
	unsigned width : 12;
};

enum big_flags { BIG_LOW = 1, BIG_HIGH = 256 };

// signed char reaches -128: -128..-6 are not cached.
PyObject *from_signed_char(signed char c)
{
	PyObject *n = PyLong_FromLong(c);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n); // expect-warning[MOJO-OWN-109] {{'n' from 'PyLong_FromLong' is passed to 'Py_DECREF' before it is checked for NULL}}
	return t;
}

// A 12-bit field reaches 4095.
PyObject *from_wide_bit_field(const struct options *o)
{
	PyObject *n = PyLong_FromLong(o->width);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n); // expect-warning[MOJO-OWN-109] {{'n' from 'PyLong_FromLong' is passed to 'Py_DECREF' before it is checked for NULL}}
	return t;
}

// Only the upper bound is tested: a negative card number is not cached.
PyObject *from_upper_bound_only(int card)
{
	if (card > 31)
		return NULL;
	PyObject *n = PyLong_FromLong(card);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n); // expect-warning[MOJO-OWN-109] {{'n' from 'PyLong_FromLong' is passed to 'Py_DECREF' before it is checked for NULL}}
	return t;
}

// Flags up to 256 or-ed together reach 511.
PyObject *from_wide_flag_enum(enum big_flags f)
{
	PyObject *n = PyLong_FromLong(f);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n); // expect-warning[MOJO-OWN-109] {{'n' from 'PyLong_FromLong' is passed to 'Py_DECREF' before it is checked for NULL}}
	return t;
}

// A mask wider than the cache.
PyObject *from_wide_mask(long x)
{
	PyObject *n = PyLong_FromLong(x & 0x1ff);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n); // expect-warning[MOJO-OWN-109] {{'n' from 'PyLong_FromLong' is passed to 'Py_DECREF' before it is checked for NULL}}
	return t;
}

// A remainder of a signed value may be negative: -255..255.
PyObject *from_signed_remainder(long x)
{
	PyObject *n = PyLong_FromLong(x % 256);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n); // expect-warning[MOJO-OWN-109] {{'n' from 'PyLong_FromLong' is passed to 'Py_DECREF' before it is checked for NULL}}
	return t;
}

// An unsigned char converted to signed char may be -128.
PyObject *from_sign_changing_cast(unsigned char c)
{
	PyObject *n = PyLong_FromLong((signed char)c);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n); // expect-warning[MOJO-OWN-109] {{'n' from 'PyLong_FromLong' is passed to 'Py_DECREF' before it is checked for NULL}}
	return t;
}

// All ones converted to unsigned long is ULONG_MAX, not -1.
PyObject *from_all_ones(void)
{
	PyObject *n = PyLong_FromUnsignedLong((unsigned long)-1);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n); // expect-warning[MOJO-OWN-109] {{'n' from 'PyLong_FromUnsignedLong' is passed to 'Py_DECREF' before it is checked for NULL}}
	return t;
}
