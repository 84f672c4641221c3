// A heap block stored in a field and never freed by tp_dealloc.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	char *buf;
} BufObject;

static int Buf_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	char *b = PyMem_Malloc(64);
	(void)args;
	(void)kwds;
	if (b == NULL)
		return -1;
	PyMem_Free(((BufObject *)self)->buf);
	((BufObject *)self)->buf = b;
	return 0;
}

static void Buf_dealloc(PyObject *self) // expect-warning[MOJO-OWN-110] {{field 'buf' of 'BufObject' owns a heap block from 'PyMem_Malloc'}}
{
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject BufType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Buf",
	.tp_basicsize = sizeof(BufObject),
	.tp_dealloc = Buf_dealloc,
	.tp_init = Buf_init,
};
