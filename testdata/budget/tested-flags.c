/*
 * Bits of a `flags` argument tested one by one (a getbuffer's REQ_SHAPE,
 * REQ_STRIDES, ...: _testbuffer's ndarray_getbuf) made one state per
 * combination of outcomes, 2^n, though nothing after the tests looks at
 * those bits again, and the function hit the state budget. A tested flag
 * no later code tests is untied from `flags` (engine/masklive.c), so the
 * states join again. The flag tested twice (0x400, around an acquire and
 * its release) stays tied until its second test: no leak of `keep` is
 * made up. The leak past the tests is found, and no "budget" notice is
 * made (the CLI test budget/tested-flags.c-no-budget checks that).
 */
#include <Python.h>

extern void note(int which);
extern int finish(void);

PyObject *getbuf_like(PyObject *self, int flags)
{
	PyObject *t = PyLong_FromLong(1001);
	if (t == NULL)
		return NULL;
	PyObject *keep = NULL;
	if (flags & 0x400) {
		keep = PyLong_FromLong(1002);
		if (keep == NULL) {
			Py_DECREF(t);
			return NULL;
		}
	}
	if (flags & 0x1)
		note(0);
	if (flags & 0x2)
		note(1);
	if (flags & 0x4)
		note(2);
	if (flags & 0x8)
		note(3);
	if (flags & 0x10)
		note(4);
	if (flags & 0x20)
		note(5);
	if (flags & 0x40)
		note(6);
	if (flags & 0x80)
		note(7);
	if (flags & 0x100)
		note(8);
	if (flags & 0x200)
		note(9);
	if (flags & 0x800)
		note(10);
	if (flags & 0x400)
		Py_DECREF(keep);
	if (finish() < 0)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 't' from 'PyLong_FromLong' is leaked on the error exit}}
	Py_DECREF(t);
	Py_RETURN_NONE;
}
