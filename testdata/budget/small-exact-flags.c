/*
 * A small function whose few flags stay exact (audioop's ADPCM coders:
 * `bufferstep`, `sign`, `index` and `valpred`, all tested again): ten
 * independent flags, each set on one branch and tested later, make more
 * than 256 states at one block, past what a block may hold. A function of at
 * most 32 variables has small states, and may hold 1024 at a block
 * (engine/explore.c), so this one is checked to its end: the leak past
 * the tests is found, and no "budget" notice is made (the CLI test
 * budget/small-exact-flags.c-no-budget checks that).
 */
#include <Python.h>

extern int probe(int which);
extern void note(int which);

PyObject *ten_flags(PyObject *self, PyObject *arg)
{
	int a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 0, j = 0;
	PyObject *t = PyLong_FromLong(1001);
	if (t == NULL)
		return NULL;
	if (probe(0))
		a = 1;
	if (probe(1))
		b = 1;
	if (probe(2))
		c = 1;
	if (probe(3))
		d = 1;
	if (probe(4))
		e = 1;
	if (probe(5))
		f = 1;
	if (probe(6))
		g = 1;
	if (probe(7))
		h = 1;
	if (probe(8))
		i = 1;
	if (probe(9))
		j = 1;
	if (a)
		note(0);
	if (b)
		note(1);
	if (c)
		note(2);
	if (d)
		note(3);
	if (e)
		note(4);
	if (f)
		note(5);
	if (g)
		note(6);
	if (h)
		note(7);
	if (i)
		note(8);
	if (j)
		note(9);
	if (probe(10) < 0)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 't' from 'PyLong_FromLong' is leaked on the error exit}}
	// Only where the first flag stayed clear: among the last paths the
	// walk reaches, past the budget before.
	if (!a) {
		PyObject *u = PyLong_FromLong(1003);
		if (u == NULL) {
			Py_DECREF(t);
			return NULL;
		}
		note(10);
	}
	Py_DECREF(t);
	Py_RETURN_NONE; // expect-warning[MOJO-OWN-101] {{new reference 'u' from 'PyLong_FromLong' is never released}}
}
