// A heap type without a tp_dealloc of its own, whose Py_tp_free slot (which
// the default deallocator calls) frees the blocks its fields own: they are
// released (sattrack's `{Py_tp_free, tle_free}`, blind C++ round 116).
// 110-spec-misses-field.c's teardown forgets its field.
// expect-no-diagnostics
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

static void Tle_free(void *self)
{
	free(((TleObject *)self)->line);
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
