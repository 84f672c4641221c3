/*
 * A loop that mallocs a node every turn and links it into a sorted list
 * the object keeps (HyperLogLog's flushRegisterBuffer): each node, given
 * away to the list, had its written fields kept as slots, so a chain of
 * `next` slots grew by one node a turn, no two turns ended in the same
 * state, and every step cost more than the last (over 300 s of CPU for
 * one function). A heap block given away is no machine's any more: when
 * a loop head is widened, the written slots of such nodes no variable
 * holds are forgotten (engine/fieldlive.c), and the loop reaches a
 * fixpoint. The leak after it is found, with no "budget" notice.
 */
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>

struct node {
	struct node *next;
	uint64_t index;
	uint8_t rank;
};

typedef struct {
	PyObject_HEAD
	struct node *list;
	struct node *buffer;
	uint64_t nbuffer;
	uint64_t nlist;
} sketch;

static int flush_buffer(sketch *self)
{
	struct node *current, *prev = NULL;
	for (uint64_t i = 0; i < self->nbuffer; i++) {
		struct node *node = malloc(sizeof *node);
		if (node == NULL)
			return -1;
		node->rank = self->buffer[i].rank;
		node->index = self->buffer[i].index;
		node->next = NULL;
		if (self->list == NULL) {
			self->list = node;
			self->nlist++;
			prev = node;
			continue;
		}
		current = prev != NULL ? prev : self->list;
		while (current != NULL) {
			if (current->index == node->index) {
				if (current->rank < node->rank)
					current->rank = node->rank;
				prev = current;
				free(node);
				break;
			}
			if (current->index > node->index) {
				node->next = current;
				self->list = node;
				self->nlist++;
				prev = node;
				break;
			}
			if (current->next == NULL) {
				current->next = node;
				self->nlist++;
				prev = node;
				break;
			}
			if (current->next->index > node->index) {
				node->next = current->next;
				current->next = node;
				self->nlist++;
				prev = node;
				break;
			}
			current = current->next;
		}
	}
	self->nbuffer = 0;
	PyObject *t = PyLong_FromLong(1001);
	if (t == NULL)
		return -1;
	return 0; // expect-warning[MOJO-OWN-101] {{new reference 't' from 'PyLong_FromLong' is never released}}
}

int use_flush(sketch *s)
{
	return flush_buffer(s);
}
