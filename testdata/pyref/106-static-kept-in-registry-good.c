// A helper that keeps a type's pointer in a registry node it allocates,
// with a callback beside it, steals nothing a static type has: its address
// is kept, no reference goes. Callers pass `&PyLong_Type` as is, and the
// new reference `PyObject_Type()` returns stays in the registry for good.
// Reduced from CPython's Python/pystate.c (_register_xidata and
// _register_builtins_for_crossinterpreter_data).
#include <Python.h>

typedef int (*getdata_fn)(PyObject *);

struct regitem {
	PyTypeObject *cls;
	getdata_fn getdata;
	struct regitem *next;
};

struct registry {
	struct regitem *head;
};

static int long_shared(PyObject *o) { (void)o; return 0; }
static int none_shared(PyObject *o) { (void)o; return 0; }

static int register_class(struct registry *reg, PyTypeObject *cls,
			  getdata_fn getdata)
{
	struct regitem *item = PyMem_RawMalloc(sizeof(struct regitem));
	if (item == NULL)
		return -1;
	item->cls = cls;
	item->getdata = getdata;
	item->next = reg->head;
	reg->head = item;
	return 0;
}

void register_builtins(struct registry *reg)
{
	if (register_class(reg, (PyTypeObject *)PyObject_Type(Py_None),
			   none_shared) != 0)
		Py_FatalError("could not register None");
	if (register_class(reg, &PyLong_Type, long_shared) != 0)
		Py_FatalError("could not register int");
}
// expect-no-diagnostics
