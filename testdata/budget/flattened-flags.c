/*
 * Twelve flags, each kept to the end as 0 or 1, make 2^12 states at every
 * block after them: exact values that differ do not join (engine/join.c),
 * and that is more than the 1024 states a function this small may have at
 * one block. Past that count, the plain values of each state arriving are
 * flattened (engine/replay.c), the states become one, and the walk goes
 * on to the function's end: the leak there is found, confirmed by
 * replaying its path without flattening, and no "budget" notice is made
 * (the CLI test budget/flattened-flags.c-no-budget checks that).
 */
#include <Python.h>

static int sum_flags(unsigned flags, PyObject *arg)
{
	int a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 0,
	    j = 0, k = 0, l = 0;
	if (flags & 1)
		a = 1;
	if (flags & 2)
		b = 1;
	if (flags & 4)
		c = 1;
	if (flags & 8)
		d = 1;
	if (flags & 16)
		e = 1;
	if (flags & 32)
		f = 1;
	if (flags & 64)
		g = 1;
	if (flags & 128)
		h = 1;
	if (flags & 256)
		i = 1;
	if (flags & 512)
		j = 1;
	if (flags & 1024)
		k = 1;
	if (flags & 2048)
		l = 1;
	PyObject *t = PyTuple_Pack(1, arg);
	if (t == NULL)
		return -1;
	return a + b + c + d + e + f + g + h + i + j + k + l; // expect-warning[MOJO-OWN-101] {{new reference 't' from 'PyTuple_Pack' is never released}}
}

// The same flags before a resource acquired and released under one
// condition, remembered in a second variable: flattened, `have` could be
// false where `p` was allocated, and `p` would seem to leak. The replay of
// that path, with `want == 3` and `have == 1` as the path set them, takes
// the release: nothing is reported.
static int sum_correlated(unsigned flags, int want)
{
	int have = 0;
	char *p = NULL;
	if (want == 3) {
		p = PyMem_Malloc(8);
		if (p == NULL)
			return -1;
		have = 1;
	}
	int a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 0,
	    j = 0, k = 0, l = 0;
	if (flags & 1)
		a = 1;
	if (flags & 2)
		b = 1;
	if (flags & 4)
		c = 1;
	if (flags & 8)
		d = 1;
	if (flags & 16)
		e = 1;
	if (flags & 32)
		f = 1;
	if (flags & 64)
		g = 1;
	if (flags & 128)
		h = 1;
	if (flags & 256)
		i = 1;
	if (flags & 512)
		j = 1;
	if (flags & 1024)
		k = 1;
	if (flags & 2048)
		l = 1;
	int n = a + b + c + d + e + f + g + h + i + j + k + l;
	if (have)
		PyMem_Free(p);
	return n;
}

// An ordered test decides its opposite later on the same path, through
// the bounds it set (`size < 128` false, then `size >= 128`): list.sort's
// key array, allocated only for 128 items or more and freed under the
// opposite test.
static int sort_keys(Py_ssize_t size)
{
	char small[64];
	char *keys;
	if (size < 128)
		keys = small;
	else {
		keys = PyMem_Malloc((size_t)size);
		if (keys == NULL)
			return -1;
	}
	keys[0] = 0;
	if (size >= 128)
		PyMem_Free(keys);
	return 0;
}
