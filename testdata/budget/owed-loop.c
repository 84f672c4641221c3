/*
 * A parameter stored every turn of a loop (`gc->next = old` in gcmodule's
 * delete_garbage) counts one more reference handed over each turn, and
 * the count made every turn's state new: the function hit the state
 * budget. When a loop head is widened, that count widens to "more than
 * one" (engine/explore.c's widen()), so the loop reaches a fixpoint and
 * the leak after it is found. No "budget" notice is made (the CLI test
 * budget/owed-loop.c-no-budget checks that).
 */
#include <Python.h>

typedef struct node {
	struct node *next;
	int alive;
} node;

// Moves every live node of `list` in front of `old`; then a real leak on
// an error exit.
static int move_live(node *list, node *old, PyObject *arg)
{
	while (list->next != list) {
		node *n = list->next;
		list->next = n->next;
		if (n->alive)
			n->next = old;
	}
	PyObject *t = PyObject_Str(arg);
	if (t == NULL)
		return -1;
	if (PyObject_SetAttrString(arg, "s", t) < 0)
		return -1; // expect-warning[MOJO-OWN-105] {{new reference 't' from 'PyObject_Str' is leaked on the error exit}}
	Py_DECREF(t);
	return 0;
}

int use_move_live(node *a, node *b, PyObject *arg)
{
	return move_live(a, b, arg);
}
