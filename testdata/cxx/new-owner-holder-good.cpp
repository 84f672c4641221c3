// `new Holder(obj)` of an owner class (sems' `new SCPyDictArg(locals)`,
// whose destructor releases the dict): the object lives on the heap until
// its owner deletes it, so its destructor does not run at the end of the
// statement, and the reference it is given is kept there. The function
// returns the dict, alive as long as the holder is.
// expect-no-diagnostics
#include <Python.h>

struct DictArg {
	explicit DictArg(PyObject *p) : pPyObject(p) {}
	~DictArg() { Py_XDECREF(pPyObject); }
	PyObject *pPyObject;
};

void transfer_ownership(DictArg *arg);

PyObject *get_locals()
{
	PyObject *locals = PyDict_New();
	if (!locals)
		return NULL;
	transfer_ownership(new DictArg(locals));
	return locals;
}
