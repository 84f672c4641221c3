/*
 * A flag tied to a NULL result only says so when no other path sets it:
 * a helper that also sets it when it succeeds ties nothing, and a leak
 * on the flag's branch is reported. A result leaked where the flag is
 * clear is reported as any other.
 */
#include <Python.h>

typedef struct {
	PyObject_HEAD
	int route_state;
	int warned;
} Tok;

static PyObject *parse_warns(Tok *self, int kind)
{
	if (kind == 1) {
		self->warned = 1;
		return NULL;
	}
	if (kind == 2)
		self->warned = 1; // and succeeds
	return PyList_New(0);
}

int warn_then_leak(Tok *self, int kind)
{
	PyObject *r = parse_warns(self, kind);
	if (self->warned)
		return 0; // expect-warning[MOJO-OWN-101] {{new reference 'r' from 'parse_warns' is never released}}
	if (!r)
		return -1;
	Py_DECREF(r);
	return 1;
}

static PyObject *parse(Tok *self, int kind)
{
	if (kind == 1) {
		self->route_state = 1;
		return NULL;
	}
	return PyList_New(0);
}

int leak_when_clear(Tok *self, int kind)
{
	PyObject *r = parse(self, kind);
	if (self->route_state)
		return 0;
	if (!r)
		return -1;
	if (kind == 3)
		return 2; // expect-warning[MOJO-OWN-101] {{new reference 'r' from 'parse' is never released}}
	Py_DECREF(r);
	return 1;
}
