// The method table that makes lru.c's lru_pop the method "pop".
#include "lru.h"

PyMethodDef lru_methods[] = {
	{"pop", (PyCFunction)lru_pop, METH_NOARGS, NULL},
	{NULL},
};
