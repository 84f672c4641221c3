// The same options struct, its address also kept where a later call can
// reach it (`self->opts = &o`): that call may change `o.fixed`, and the
// paths where it does leak the list.
#include <Python.h>
#include <stdlib.h>

struct opts {
	PyObject *keys;
	int fixed;
};

typedef struct {
	PyObject_HEAD
	struct opts *opts;
} Cursor;

int parse_opts(PyObject *args, struct opts *o);
int step(Cursor *self);

PyObject *get_multi(Cursor *self, PyObject *args)
{
	struct opts o = {Py_None, 0};
	PyObject *list = NULL;

	if (parse_opts(args, &o))
		return NULL;
	self->opts = &o;
	if (!o.fixed) {
		list = PyList_New(0);
		if (!list)
			return NULL;
	}
	if (step(self) < 0) {
		self->opts = NULL;
		Py_XDECREF(list);
		return NULL;
	}
	self->opts = NULL;
	if (o.fixed)
		Py_RETURN_NONE; // expect-warning[MOJO-OWN-101] {{'list'}}
	return list;
}
