#include "objptr.h"

PyObject *import_sys(void)
{
	ObjPtr sys;
	sys.setNewRef(PyImport_ImportModule("sys"));
	PyObject *r = sys.object();
	Py_XINCREF(r);
	return r;
}
