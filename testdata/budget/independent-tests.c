/*
 * A run of independent tests, each leaving a plain pointer NULL or not
 * (datetime's wrap_strftime: `zreplacement`, `Zreplacement`, ...), made
 * one state per combination of outcomes, 2^n, and the function hit the
 * state budget. States that differ only in one plain value's range are
 * joined (engine/join.c): NULL and "NULL or not" are one range. The leak
 * on the path where every test failed is found, and no "budget" notice is made (the CLI test
 * budget/independent-tests.c-no-budget checks that).
 */
#include <Python.h>

extern const char *lookup(const char *key);
extern void use_all(const char *, const char *, const char *, const char *,
		    const char *, const char *, const char *, const char *,
		    const char *);

// The leak is on the path where every test failed: the last one the walk
// would reach.
static PyObject *format_all(const char *fmt)
{
	PyObject *t = PyLong_FromLong(1001);
	if (t == NULL)
		return NULL;
	const char *a = NULL, *b = NULL, *c = NULL, *d = NULL, *e = NULL;
	const char *f = NULL, *g = NULL, *h = NULL, *i = NULL;
	if (fmt[0] == 'a')
		a = lookup("a");
	if (fmt[1] == 'b')
		b = lookup("b");
	if (fmt[2] == 'c')
		c = lookup("c");
	if (fmt[3] == 'd')
		d = lookup("d");
	if (fmt[4] == 'e')
		e = lookup("e");
	if (fmt[5] == 'f')
		f = lookup("f");
	if (fmt[6] == 'g')
		g = lookup("g");
	if (fmt[7] == 'h')
		h = lookup("h");
	if (fmt[8] == 'i')
		i = lookup("i");
	if (!a && !b && !c && !d && !e && !f && !g && !h && !i)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 't' from 'PyLong_FromLong' is leaked on the error exit}}
	use_all(a, b, c, d, e, f, g, h, i);
	Py_DECREF(t);
	Py_RETURN_NONE;
}

PyObject *use_format(PyObject *self, PyObject *arg)
{
	return format_all(PyUnicode_AsUTF8(arg));
}
