// A string the function made itself dies with its last reference, interned
// or not; and a concatenation is a new string, whatever it was built on.
#include <Python.h>

void PyUnicode_InternInPlace(PyObject **p);
void PyUnicode_Append(PyObject **left, PyObject *right);

int set_fresh(PyObject *dst, PyObject *v)
{
	PyObject *k = PyUnicode_FromString("name");
	if (k == NULL)
		return -1;
	PyUnicode_InternInPlace(&k);
	Py_DECREF(k);
	return PyObject_SetItem(dst, k, v); // expect-error[MOJO-OWN-103] {{new reference 'k' from 'PyUnicode_InternInPlace' is passed to 'PyObject_SetItem' after it was released}}
}

int set_appended(PyObject *dst, PyObject *k, PyObject *suffix, PyObject *v)
{
	Py_INCREF(k);
	PyUnicode_Append(&k, suffix);
	if (k == NULL)
		return -1;
	Py_DECREF(k);
	return PyObject_SetItem(dst, k, v); // expect-error[MOJO-OWN-103] {{new reference 'k' from 'PyUnicode_Append' is passed to 'PyObject_SetItem' after it was released}}
}
