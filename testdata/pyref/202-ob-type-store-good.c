// expect-no-diagnostics
// A store into an object's `ob_type`, as Py_SET_TYPE writes it, takes no
// reference to the type (opensips' set_Py_Type, blind C round 103): a
// heap type's reference is the allocation's business, a static type is
// never freed.
#include <Python.h>

void set_Py_Type(PyObject *obj, struct _typeobject *type)
{
	obj->ob_type = type;
}
