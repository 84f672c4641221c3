/*
 * A callee whose values were flattened past its state budget
 * (engine/replay.c) is walked to its end, but its summary is not trusted:
 * what its caller hands it is no longer followed (say less), so the
 * buffer it releases is not reported as leaked by the caller (mmh3's
 * update functions, issue #11). Twelve independent flags, each live to
 * the end as 0 or 1, make 2^12 states at the last block: over the 1024 a
 * function this small may have at one block, so the flags are flattened.
 * No "budget" notice is made: every path was checked.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *a;
} ManyObject;

static int count_and_release(unsigned flags, Py_buffer *view)
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
	PyBuffer_Release(view);
	return a + b + c + d + e + f + g + h + i + j + k + l;
}

PyObject *update(ManyObject *self, PyObject *obj)
{
	Py_buffer view;
	(void)self;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return NULL;
	(void)count_and_release((unsigned)PyLong_AsLong(obj), &view);
	Py_RETURN_NONE;
}
