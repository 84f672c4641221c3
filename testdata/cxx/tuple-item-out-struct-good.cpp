// A parse helper fills its caller's plain struct with borrowed views of
// the items of a tuple the caller passes (Apache Thrift's fastbinary
// parse_struct_item_spec, issue #26), as PyArg_ParseTuple's "O" does: a
// tuple never drops its items, so the views last as long as the caller's
// own borrow of the tuple. No function may get a finding.
#include <Python.h>

// expect-no-diagnostics

struct ItemSpec {
	long tag;
	PyObject *name;   // borrowed from the spec tuple
	PyObject *defval; // borrowed from the spec tuple
};

bool parse_item_spec(ItemSpec *dest, PyObject *spec)
{
	if (PyTuple_Size(spec) != 3)
		return false;
	dest->tag = PyLong_AsLong(PyTuple_GET_ITEM(spec, 0));
	if (dest->tag == -1 && PyErr_Occurred())
		return false;
	dest->name = PyTuple_GET_ITEM(spec, 1);
	dest->defval = PyTuple_GetItem(spec, 2);
	return dest->defval != NULL;
}

// The same through a reference.
bool parse_item_spec_ref(ItemSpec &dest, PyObject *spec)
{
	if (PyTuple_Size(spec) != 3)
		return false;
	dest.name = PyTuple_GET_ITEM(spec, 1);
	dest.defval = PyTuple_GET_ITEM(spec, 2);
	return true;
}

// Its caller uses the views while it holds the tuple.
PyObject *item_name(PyObject *self, PyObject *spec)
{
	(void)self;
	ItemSpec s;
	if (!parse_item_spec(&s, spec))
		return NULL;
	return Py_NewRef(s.name);
}
