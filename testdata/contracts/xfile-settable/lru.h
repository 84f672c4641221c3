#include <Python.h>

typedef struct Node {
	PyObject_HEAD
	PyObject *key;
	struct Node *prev;
} Node;

typedef struct {
	PyObject_HEAD
	Node *last;
	PyObject *callback;
} LRU;

PyObject *lru_pop(LRU *self, PyObject *unused);
