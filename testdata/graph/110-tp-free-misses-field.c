// A heap type without a tp_dealloc of its own, whose Py_tp_free slot (which
// the default deallocator calls) frees the object but not the block its
// field owns: that block leaks (110-ok-tp-free-releases.c frees it).
#include <Python.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	PyObject_HEAD
	char *line;
} TleObject;

static int Tle_init(PyObject *self, PyObject *args, PyObject *kwds)
{
	const char *s;
	(void)kwds;
	if (!PyArg_ParseTuple(args, "s", &s))
		return -1;
	char *copy = (char *)calloc(strlen(s) + 1, 1);
	if (copy == NULL) {
		PyErr_NoMemory();
		return -1;
	}
	strcpy(copy, s);
	free(((TleObject *)self)->line);
	((TleObject *)self)->line = copy;
	return 0;
}

static void Tle_free(void *self) // expect-warning[MOJO-OWN-110] {{field 'line' of 'TleObject' owns a heap block from 'calloc' but the teardown of type 's.Tle' never releases it}}
{
	PyObject_Free(self);
}

static PyType_Slot Tle_slots[] = {
	{Py_tp_init, (void *)Tle_init},
	{Py_tp_free, (void *)Tle_free},
	{0, NULL},
};

static PyType_Spec Tle_spec = {
	.name = "s.Tle",
	.basicsize = sizeof(TleObject),
	.flags = Py_TPFLAGS_DEFAULT,
	.slots = Tle_slots,
};

PyObject *make_tle_type(void)
{
	return PyType_FromSpec(&Tle_spec);
}
