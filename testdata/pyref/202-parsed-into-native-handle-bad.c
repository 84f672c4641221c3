// The same unit read into a field that holds an object is a borrow kept
// without a reference.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *fs;
} FileInfo;

int FileClass_init(FileInfo *self, PyObject *args, PyObject *kwds)
{
	(void)kwds;
	if (!PyArg_ParseTuple(args, "O", &(self->fs))) // expect-warning[MOJO-BOR-202] {{borrowed reference 'self->fs' from 'PyArg_ParseTuple' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
		return -1;
	return 0;
}
