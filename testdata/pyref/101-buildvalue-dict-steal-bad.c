// "O" inside a dict's braces borrows: the reference made for it is leaked.
#include <Python.h>

PyObject *getstate(const char *id)
{
	PyObject *blocks = PyTuple_New(0);
	if (!blocks)
		return NULL;
	return Py_BuildValue("{s:N,s:O}", "id", PyUnicode_FromString(id), "blocks", blocks); // expect-warning[MOJO-OWN-101] {{new reference 'blocks' from 'PyTuple_New' is never released}}
}
