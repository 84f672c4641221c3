// Reduced from CPython 3.11 Modules/_io/bytesio.c: `buf` is created with
// PyBytes_FromStringAndSize and elsewhere set to a checked bytes object; a
// bytes object owns nothing, so tp_traverse need not visit it.
#include <Python.h>

typedef struct {
	PyObject_HEAD
	PyObject *buf;
	PyObject *dict;
} BioObject;

static int Bio_init(PyObject *self, PyObject *initvalue)
{
	if (initvalue) {
		Py_XSETREF(((BioObject *)self)->buf, Py_NewRef(initvalue));
		return 0;
	}
	PyObject *b = PyBytes_FromStringAndSize(NULL, 0);
	if (b == NULL)
		return -1;
	Py_XSETREF(((BioObject *)self)->buf, b);
	return 0;
}

static int Bio_traverse(PyObject *self, visitproc visit, void *arg)
{
	Py_VISIT(((BioObject *)self)->dict);
	return 0;
}

static void Bio_dealloc(PyObject *self)
{
	PyObject_GC_UnTrack(self);
	Py_CLEAR(((BioObject *)self)->buf);
	Py_CLEAR(((BioObject *)self)->dict);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject BioType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "m.Bio",
	.tp_basicsize = sizeof(BioObject),
	.tp_dealloc = Bio_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
	.tp_traverse = Bio_traverse,
};

void *keep_bio_init = (void *)Bio_init;
// expect-no-diagnostics
