/*
 * A new reference stolen into a new tuple is kept alive by the tuple
 * alone: once the tuple is released, the object is gone.
 */
#include <Python.h>

int changed(PyObject *jar, PyObject *name)
{
	PyObject *meth, *arg, *result, *key;
	meth = PyObject_GetAttr(jar, name);
	if (meth == NULL)
		return -1;
	key = PyUnicode_FromString("k");
	if (key == NULL) {
		Py_DECREF(meth);
		return -1;
	}
	arg = PyTuple_New(1);
	if (arg == NULL) {
		Py_DECREF(key);
		Py_DECREF(meth);
		return -1;
	}
	PyTuple_SET_ITEM(arg, 0, key);
	result = PyObject_CallObject(meth, arg);
	Py_DECREF(arg);
	Py_DECREF(meth);
	if (result == NULL)
		return -1;
	Py_DECREF(result);
	return PyObject_IsTrue(key); // expect-error[MOJO-BOR-201] {{'key' is passed to 'PyObject_IsTrue' after its owner new reference 'arg' from 'PyTuple_New' was released}}
}
