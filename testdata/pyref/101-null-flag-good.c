/*
 * A parser that reports a failed route twice: the helper that gives up
 * sets a flag in the state it was handed and returns NULL, and callers
 * test the flag before the result (mwparserfromhell's BAD_ROUTE). On
 * the flag's branch the result is NULL: nothing is leaked there. The
 * flag is learned from the helper's paths, and passes through a helper
 * that returns another's result.
 */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	int route_state;
	PyObject *stack;
} Tok;

#define BAD_ROUTE self->route_state
#define FAIL_ROUTE()                    \
	do {                            \
		self->route_state = 1;  \
	} while (0)
#define RESET_ROUTE() self->route_state = 0

static void *fail_route(Tok *self)
{
	Py_CLEAR(self->stack);
	FAIL_ROUTE();
	return NULL;
}

static PyObject *parse(Tok *self, int kind)
{
	if (kind == 1)
		return fail_route(self);
	if (kind == 2)
		return NULL; // an error of its own, flag clear
	return PyList_New(0);
}

static PyObject *parse_twice(Tok *self, int kind)
{
	if (kind > 7)
		return parse(self, kind - 7);
	return PyList_New(1);
}

int parse_template(Tok *self, int kind)
{
	PyObject *template = parse_twice(self, kind);
	if (BAD_ROUTE) {
		RESET_ROUTE();
		return 0;
	}
	if (!template)
		return -1;
	Py_DECREF(template);
	return 1;
}
