// Py_BuildValue's "N" steals its argument inside a dict's braces too: in a
// build format ':' parts a key from its value (only a parse format ends
// at ':'). Reduced from svfsc's _cSVF.cpp (__getstate__).
#include <Python.h>

PyObject *getstate(const char *id, double mtime)
{
	PyObject *blocks = PyTuple_New(0);
	if (!blocks)
		return NULL;
	return Py_BuildValue("{"
			     "s:N"
			     ",s:d"
			     ",s:N"
			     "}",
			     "id", PyUnicode_FromString(id),
			     "file_mod_time", mtime, "blocks", blocks);
}
// expect-no-diagnostics
