/*
 * MOJO-OWN-109 and integer constant expressions: flags written as shifts
 * (`#define FLAG_B (1 << 2)`), or-ed, masked, negated, added: folded,
 * each lies in CPython's cache of small ints (-5..256), so
 * PyLong_FromLong cannot fail. No findings.
 */
#include <Python.h>

#define FLAG_A (1 << 0)
#define FLAG_B (1 << 2)
#define FLAG_C (FLAG_A | FLAG_B)
#define FLAG_TOP (0x100 >> 1)

enum { BASE = 16 };

void add_flags(PyObject *d)
{
	PyObject *val = PyLong_FromLong(FLAG_A);
	PyDict_SetItemString(d, "FLAG_A", val);
	Py_DECREF(val);
	val = PyLong_FromLong(FLAG_B);
	PyDict_SetItemString(d, "FLAG_B", val);
	Py_DECREF(val);
	val = PyLong_FromLong(FLAG_C);
	PyDict_SetItemString(d, "FLAG_C", val);
	Py_DECREF(val);
	val = PyLong_FromLong(FLAG_TOP);
	PyDict_SetItemString(d, "FLAG_TOP", val);
	Py_DECREF(val);
	val = PyLong_FromLong(~FLAG_B & 0xff);
	PyDict_SetItemString(d, "NOT_B", val);
	Py_DECREF(val);
	val = PyLong_FromLong(BASE * 4 + 2);
	PyDict_SetItemString(d, "SUM", val);
	Py_DECREF(val);
	val = PyLong_FromLong(-(1 << 2));
	PyDict_SetItemString(d, "NEG", val);
	Py_DECREF(val);
}
// expect-no-diagnostics
