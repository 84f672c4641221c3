/*
 * MOJO-OWN-109 and CPython's cache of small ints (-5..256): a small-int
 * constructor whose argument the code proves in that range returns a
 * cached object and cannot fail, so using its result unchecked is no bug.
 * The range comes from the argument's type (bool, unsigned char, an enum,
 * a narrow bit-field, a narrowing cast), from the expression (a mask, a
 * remainder, a comparison) or from the path's tests.
 */
#include <Python.h>
#include <stdbool.h>

enum color { RED, GREEN, BLUE };
enum mode_flags { MODE_READ = 1, MODE_WRITE = 2, MODE_APPEND = 128 };

struct options {
	unsigned level : 3;
	bool verbose : 1;
};

// Each result is released by Py_DECREF without a NULL test.
PyObject *from_unsigned_char(unsigned char c)
{
	PyObject *n = PyLong_FromLong(c);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n);
	return t;
}

PyObject *from_bool(bool b)
{
	PyObject *n = PyLong_FromLong(b);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n);
	return t;
}

PyObject *from_enum(enum color c)
{
	PyObject *n = PyLong_FromLong(c);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n);
	return t;
}

// Flags or-ed together stay below the next all-ones value (255).
PyObject *from_flag_enum(enum mode_flags m)
{
	PyObject *n = PyLong_FromUnsignedLong(m);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n);
	return t;
}

PyObject *from_bit_field(const struct options *o)
{
	PyObject *n = PyLong_FromLong(o->level);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n);
	return t;
}

PyObject *from_bool_bit_field(const struct options *o)
{
	PyObject *n = PyLong_FromSsize_t(o->verbose);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n);
	return t;
}

PyObject *from_narrowing_cast(long x)
{
	PyObject *n = PyLong_FromLong((unsigned char)x);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n);
	return t;
}

PyObject *from_mask(long x)
{
	PyObject *n = PyLong_FromLong(x & 0xff);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n);
	return t;
}

PyObject *from_unsigned_remainder(size_t x)
{
	PyObject *n = PyLong_FromSize_t(x % 256);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n);
	return t;
}

PyObject *from_comparison(long a, long b)
{
	PyObject *n = PyLong_FromLong(a < b);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n);
	return t;
}

// A card number the code bounds before use (ALSA's are 0 to 31).
PyObject *from_tested_bounds(int card)
{
	if (card < 0 || card > 31)
		return NULL;
	PyObject *n = PyLong_FromLong(card);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n);
	return t;
}

PyObject *from_negative_bound(long v)
{
	if (v < -5 || v >= 0)
		return NULL;
	PyObject *n = PyLong_FromLongLong(v);
	PyObject *t = PyTuple_Pack(1, n);
	Py_DECREF(n);
	return t;
}
// expect-no-diagnostics
