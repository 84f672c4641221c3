// Only a class attribute of a type is kept by the type: a dunder may be
// made afresh (`type.__dict__` is a new mapping proxy each time), and any
// other object's attribute may be computed.
#include <Python.h>

PyObject *type_dict_keys(PyTypeObject *type)
{
	PyObject *d = PyObject_GetAttrString((PyObject *)type, "__dict__");
	Py_XDECREF(d);
	return PyObject_GetItem(d, d); // expect-error[MOJO-OWN-103] {{new reference 'd' from 'PyObject_GetAttrString' is passed to 'PyObject_GetItem' after it was released}}
}

PyObject *instance_attribute(PyObject *obj, PyObject *key)
{
	PyObject *cache = PyObject_GetAttrString(obj, "_cache");
	Py_XDECREF(cache);
	return PyObject_GetItem(cache, key); // expect-error[MOJO-OWN-103] {{new reference 'cache' from 'PyObject_GetAttrString' is passed to 'PyObject_GetItem' after it was released}}
}
