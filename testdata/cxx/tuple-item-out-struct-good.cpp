// A parse helper fills its caller's plain struct with borrowed views of
// the items of a container the caller passes (Apache Thrift's fastbinary
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

// Items of a list or a dict the caller holds, into a struct every caller
// keeps on its stack for the call (Thrift's parse_struct_args, yappi's
// _filterdict_to_statfilter): views that last until code replaces the
// item, which would be seen at the use (MOJO-BOR-206), not at this store.
static bool parse_from_list(ItemSpec *dest, PyObject *list)
{
	if (PyList_Size(list) != 1)
		return false;
	dest->name = PyList_GET_ITEM(list, 0);
	return true;
}

static bool parse_from_dict(ItemSpec *dest, PyObject *options)
{
	PyObject *v = PyDict_GetItemString(options, "name");
	if (v)
		dest->name = v;
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

PyObject *names_of(PyObject *list, PyObject *options)
{
	ItemSpec a, b;
	if (!parse_from_list(&a, list) || !parse_from_dict(&b, options))
		return NULL;
	return PyTuple_Pack(2, a.name, b.name);
}
