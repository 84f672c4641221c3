// PyObject * fields whose every store is of one type, checked by "O!"
// into a typed pointer (pylibacl's Entry -> ACL, Permset -> Entry): the
// fields own those types only, and the chain ends at a type without
// object fields. No cycle, though neither type is GC-tracked.
// expect-no-diagnostics
#include <Python.h>

typedef struct {
	PyObject_HEAD
	int handle;
} AclObject;

typedef struct {
	PyObject_HEAD
	PyObject *parent_acl;
} EntryObject;

typedef struct {
	PyObject_HEAD
	PyObject *parent_entry;
} PermsetObject;

PyTypeObject Acl_Type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "acl.ACL",
	.tp_basicsize = sizeof(AclObject),
	.tp_flags = Py_TPFLAGS_DEFAULT,
};

static PyObject *Entry_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
	AclObject *parent = NULL;
	if (!PyArg_ParseTuple(args, "O!", &Acl_Type, &parent))
		return NULL;
	PyObject *o = PyType_GenericNew(type, args, kw);
	if (o == NULL)
		return NULL;
	Py_INCREF(parent); // owned, then stored
	((EntryObject *)o)->parent_acl = (PyObject *)parent;
	return o;
}

static void Entry_dealloc(PyObject *self)
{
	Py_XDECREF(((EntryObject *)self)->parent_acl);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject Entry_Type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "acl.Entry",
	.tp_basicsize = sizeof(EntryObject),
	.tp_new = Entry_new,
	.tp_dealloc = Entry_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
};

static PyObject *Permset_new(PyTypeObject *type, PyObject *args,
			     PyObject *kw)
{
	EntryObject *parent = NULL;
	if (!PyArg_ParseTuple(args, "O!", &Entry_Type, &parent))
		return NULL;
	PyObject *o = PyType_GenericNew(type, args, kw);
	if (o == NULL)
		return NULL;
	((PermsetObject *)o)->parent_entry = (PyObject *)parent;
	Py_INCREF(parent); // stored, then paid for
	return o;
}

static void Permset_dealloc(PyObject *self)
{
	Py_XDECREF(((PermsetObject *)self)->parent_entry);
	Py_TYPE(self)->tp_free(self);
}

PyTypeObject Permset_Type = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "acl.Permset",
	.tp_basicsize = sizeof(PermsetObject),
	.tp_new = Permset_new,
	.tp_dealloc = Permset_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
};
