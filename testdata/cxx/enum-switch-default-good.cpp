// A switch that handles every enumerator of its subject's enum leaves its
// `default:` unreachable, whatever C allows the enum to hold. Reduced from
// ParmEd src/_rdparm.cpp (rdparm).
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
	case FLOAT:
		break;
	default:
		PyErr_SetString(PyExc_RuntimeError, "unreachable");
		return NULL;
	}
	return list;
}
// expect-no-diagnostics
