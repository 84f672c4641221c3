// As new-owner-holder-good.cpp, but the holder is a local object: its
// destructor releases the dict when the function returns it.
#include <Python.h>

struct DictArg {
	explicit DictArg(PyObject *p) : pPyObject(p) {}
	~DictArg() { Py_XDECREF(pPyObject); }
	PyObject *pPyObject;
};

PyObject *get_locals()
{
	PyObject *locals = PyDict_New();
	if (!locals)
		return NULL;
	DictArg arg(locals);
	return locals; // expect-error[MOJO-OWN-103] {{new reference 'locals' from 'PyDict_New' is returned after it was released}}
}
