/*
 * A dozen arguments parsed as borrowed references, each tested against
 * None on its own (_posixsubprocess's subprocess_fork_exec: `cwd_obj`,
 * `env_list`, `preexec_fn`, ...), made one state per combination of what
 * the tests said, and the function hit its state budget. Past the budget
 * a borrowed reference keeps its owner and forgets what tests said of it
 * (engine/flatten.c), so the walk reaches the end, where the
 * leak is (confirmed by replaying its path: engine/replay.c).
 */
#include <Python.h>

extern int use(PyObject *);

static PyObject *fork_exec(PyObject *self, PyObject *args)
{
	PyObject *a, *b, *c, *d, *e, *f, *g, *h, *i, *j, *k, *l;
	(void)self;
	if (!PyArg_ParseTuple(args, "OOOOOOOOOOOO", &a, &b, &c, &d, &e, &f,
			      &g, &h, &i, &j, &k, &l))
		return NULL;
	if (a != Py_None && use(a) < 0)
		return NULL;
	if (b != Py_None && use(b) < 0)
		return NULL;
	if (c != Py_None && use(c) < 0)
		return NULL;
	if (d != Py_None && use(d) < 0)
		return NULL;
	if (e != Py_None && use(e) < 0)
		return NULL;
	if (f != Py_None && use(f) < 0)
		return NULL;
	if (g != Py_None && use(g) < 0)
		return NULL;
	if (h != Py_None && use(h) < 0)
		return NULL;
	if (i != Py_None && use(i) < 0)
		return NULL;
	if (j != Py_None && use(j) < 0)
		return NULL;
	if (k != Py_None && use(k) < 0)
		return NULL;
	if (l != Py_None && use(l) < 0)
		return NULL;
	PyObject *r = PyTuple_Pack(12, a, b, c, d, e, f, g, h, i, j, k, l);
	if (r == NULL)
		return NULL;
	if (use(r) < 0)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'r' from 'PyTuple_Pack' is leaked on the error exit}}
	return r;
}
