/*
 * A loop that relinks list nodes (gcmodule's move_unreachable, a deque's
 * blocks) writes the fields of a new node every turn: the written slots
 * piled up, no two turns ended in the same state, and the function hit
 * the state budget. When a loop head is widened, the written slots of
 * nodes no variable holds any more are forgotten (engine/fieldlive.c's
 * forget_unheld_slots()), so the loop reaches a fixpoint and the leak
 * after it is found. No "budget" notice is made (the CLI test
 * budget/relink-loop.c-no-budget checks that).
 */
#include <Python.h>

typedef struct gc_head {
	struct gc_head *next, *prev;
	int refs;
} gc_head;

// Moves the nodes with references from `young` to the end of `keep`,
// relinking both lists; then a real leak.
static int move_reachable(gc_head *young, gc_head *keep)
{
	gc_head *prev = young;
	gc_head *gc = young->next;
	while (gc != young) {
		gc_head *next = gc->next;
		if (gc->refs) {
			gc->prev = prev;
			prev->next = gc;
			prev = gc;
		} else {
			gc_head *last = keep->prev;
			last->next = gc;
			gc->prev = last;
			gc->next = keep;
			keep->prev = gc;
		}
		gc = next;
	}
	young->prev = prev;
	prev->next = young;
	PyObject *t = PyLong_FromLong(1001);
	if (t == NULL)
		return -1;
	return 0; // expect-warning[MOJO-OWN-101] {{new reference 't' from 'PyLong_FromLong' is never released}}
}

int use_move(gc_head *a, gc_head *b)
{
	return move_reachable(a, b);
}
