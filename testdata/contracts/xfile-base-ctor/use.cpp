// The dict handed to Object is its base's, released by the destructor
// safe.cpp defines; the list below is never handed to one.
#include "safe.h"

long dict_len()
{
	Object d(PyDict_New());
	if (d.Get() == nullptr)
		return -1;
	PyObject *l = PyList_New(0);
	if (l == nullptr)
		return -1;
	return PyDict_Size(d.Get());
}
