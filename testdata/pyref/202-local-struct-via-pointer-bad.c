/* As 202-local-struct-via-pointer-good.c, but the struct is static: it
 * keeps the borrowed objects after the call. */
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
	static BufferSerializer serializer;
	Serializer *base = (Serializer *)&serializer;
	PyObject *value;
	if (!PyArg_ParseTuple(args, "OOO", &value, &base->indent, // expect-warning[MOJO-BOR-202] {{borrowed reference 'base->indent' from 'PyArg_ParseTuple' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
			      &base->on_unknown)) // expect-warning[MOJO-BOR-202] {{borrowed reference 'base->on_unknown' from 'PyArg_ParseTuple' is stored without taking a reference (missing Py_INCREF or Py_NewRef)}}
		return NULL;
	if (!run(base, value))
		return NULL;
	Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
	{"write", write_impl, METH_VARARGS, NULL},
	{NULL, NULL, 0, NULL},
};
