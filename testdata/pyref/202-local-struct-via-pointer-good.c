/* Borrowed arguments parsed into a struct on the function's own frame,
 * reached through a pointer to it (jsonlib's `Serializer *base =
 * (Serializer *) &serializer;`, then `&base->indent` given to
 * PyArg_ParseTuple): the struct lives no longer than the call, while the
 * argument tuple keeps the objects alive. */
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject *indent;
	PyObject *on_unknown;
} Serializer;

typedef struct {
	Serializer base;
	const char *encoding;
} BufferSerializer;

static int run(Serializer *s, PyObject *value)
{
	return s->indent != NULL && value != NULL;
}

static PyObject *write_impl(PyObject *self, PyObject *args)
{
	BufferSerializer serializer = {{NULL, NULL}, NULL};
	Serializer *base = (Serializer *)&serializer;
	PyObject *value;
	if (!PyArg_ParseTuple(args, "OOO", &value, &base->indent,
			      &base->on_unknown))
		return NULL;
	if (!run(base, value))
		return NULL;
	Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
	{"write", write_impl, METH_VARARGS, NULL},
	{NULL, NULL, 0, NULL},
};
