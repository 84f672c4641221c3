// One enumerator left out: the default is reached, and it leaks.
#include <Python.h>

enum Kind { UNKNOWN = 0, INTEGER, FLOAT };
struct Fmt {
	Kind kind;
};

PyObject *convert(const Fmt *f)
{
	PyObject *list = PyList_New(0);
	if (list == NULL)
		return NULL;
	switch (f->kind) {
	case UNKNOWN:
	case INTEGER:
		break;
	default:
		PyErr_SetString(PyExc_RuntimeError, "unreachable");
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'list' from 'PyList_New' is leaked on the error exit}}
	}
	return list;
}
