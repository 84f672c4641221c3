/*
 * A loop walking a free list of tuples, each node read from the one before
 * (tupleobject.c's maybe_freelist_clear: `q = p; p = p->ob_item[0];
 * PyObject_GC_Del(q);`), kept every node it had read as the owner of the
 * next: a longer chain each turn, a new state each time, until the state
 * budget. Past the budget, a borrowed reference forgets an owner nothing
 * else holds (engine/flatten.c), and the walk ends; the
 * leak after the loop is found.
 */
#include <Python.h>

static PyTupleObject *free_list[20];

static PyObject *clear_free_lists(Py_ssize_t nlists)
{
	PyObject *count = PyLong_FromLong(1000);
	if (count == NULL)
		return NULL;
	for (Py_ssize_t i = 0; i < nlists; i++) {
		PyTupleObject *p = free_list[i];
		free_list[i] = NULL;
		while (p) {
			PyTupleObject *q = p;
			p = (PyTupleObject *)(p->ob_item[0]);
			PyObject_GC_Del(q);
		}
	}
	return Py_None; // expect-warning[MOJO-OWN-101] {{new reference 'count' from 'PyLong_FromLong' is never released}}
}

// The same over a fixed count of lists: the flattening forgot that `i` is
// 0 at the first test of `i < 20`, and the only path the walk took to the
// return leaves the loop there. Its replay, with `i == 0`, cannot; the
// paths that really get there were folded into that one. The finding is
// dropped (precision first). (0 is a cached small int: its leak is a
// note.)
static PyObject *clear_fixed_free_lists(void)
{
	PyObject *count = PyLong_FromLong(0);
	if (count == NULL)
		return NULL;
	for (Py_ssize_t i = 0; i < 20; i++) {
		PyTupleObject *p = free_list[i];
		free_list[i] = NULL;
		while (p) {
			PyTupleObject *q = p;
			p = (PyTupleObject *)(p->ob_item[0]);
			PyObject_GC_Del(q);
		}
	}
	return Py_None; // expect-note[MOJO-OWN-101] {{new reference 'count' from 'PyLong_FromLong' is never released; it is a cached small int}} xfail(#14): the walk's one path to here leaves the loop at a test its replay decides
}
