// Reduced from CPython 3.11 Modules/_collectionsmodule.c (deque blocks)
// and Modules/expat/xmlparse.c: doubly linked C structs are not Python
// ownership, whatever their links look like.
#include <Python.h>

typedef struct block {
	struct block *leftlink;
	struct block *rightlink;
	PyObject *data[64];
} block;

void append_block(block *rightblock, block *b)
{
	b->leftlink = rightblock;
	rightblock->rightlink = b;
}
// expect-no-diagnostics
