/* A helper of the file that takes a reference and returns it inside a
 * structure, by value (qutepart's `_MakeDeliminatorSet`): the structure
 * holds the reference, and the caller keeps it in its object's field,
 * which the type's tp_dealloc releases. No leak.
 * expect-no-diagnostics */
#include <Python.h>

typedef struct {
	PyObject *str;
	int cache[4];
} Set;

typedef struct {
	PyObject_HEAD
	Set set;
} ParserObject;

static Set make_set(PyObject *s)
{
	Set r;
	for (int i = 0; i < 4; i++)
		r.cache[i] = i;
	r.str = s;
	Py_INCREF(r.str);
	return r;
}

static void free_set(Set *s)
{
	Py_XDECREF(s->str);
	s->str = NULL;
}

static void parser_dealloc(ParserObject *self)
{
	free_set(&self->set);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

static int parser_init(ParserObject *self, PyObject *args, PyObject *kw)
{
	PyObject *s;
	(void)kw;
	if (!PyArg_ParseTuple(args, "U", &s))
		return -1;
	self->set = make_set(s);
	return 0;
}

PyTypeObject Parser_Type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "x.Parser",
	.tp_basicsize = sizeof(ParserObject),
	.tp_dealloc = (destructor)parser_dealloc,
	.tp_init = (initproc)parser_init,
};
