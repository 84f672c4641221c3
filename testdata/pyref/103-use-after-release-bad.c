/*
 * MOJO-OWN-103 use-after-release: a reference is dereferenced, passed or
 * returned after this function released it. One bug per function.
 */
#include <Python.h>

// Reading the value after releasing the only reference to the object.
long attr_as_long(PyObject *obj)
{
	PyObject *attr = PyObject_GetAttrString(obj, "size");
	if (attr == NULL)
		return -1;
	Py_DECREF(attr);
	return PyLong_AsLong(attr); // expect-error[MOJO-OWN-103] {{'attr' from 'PyObject_GetAttrString' is passed to 'PyLong_AsLong' after it was released}}
}

// Releasing the result and then returning it anyway.
PyObject *checked_call(PyObject *func)
{
	PyObject *res = PyObject_CallNoArgs(func);
	if (res == NULL)
		return NULL;
	if (res == Py_None) {
		Py_DECREF(res);
		PyErr_SetString(PyExc_TypeError, "callback returned None");
		return NULL;
	}
	Py_DECREF(res);
	return res; // expect-error[MOJO-OWN-103] {{'res' from 'PyObject_CallNoArgs' is returned after it was released}}
}

// Dereferencing (through Py_TYPE) after the release.
const char *type_name_of_repr(PyObject *obj)
{
	PyObject *r = PyObject_Repr(obj);
	if (r == NULL)
		return NULL;
	Py_DECREF(r);
	return Py_TYPE(r)->tp_name; // expect-error[MOJO-OWN-103] {{'r' from 'PyObject_Repr' is passed to 'Py_TYPE' after it was released}}
}

// The error message is built from a value released just before.
int check_positive(PyObject *obj)
{
	PyObject *num = PyNumber_Long(obj);
	if (num == NULL)
		return -1;
	long v = PyLong_AsLong(num);
	Py_DECREF(num);
	if (v < 0) {
		PyErr_Format(PyExc_ValueError, "%R is negative", num); // expect-error[MOJO-OWN-103] {{'num' from 'PyNumber_Long' is passed to 'PyErr_Format' after it was released}}
		return -1;
	}
	return 0;
}

// A static helper that releases its argument; the caller keeps using it.
static void drop(PyObject *o)
{
	Py_DECREF(o);
}

PyObject *describe(PyObject *obj)
{
	PyObject *s = PyObject_Str(obj);
	if (s == NULL)
		return NULL;
	drop(s);
	return PyUnicode_FromFormat("<%U>", s); // expect-error[MOJO-OWN-103] {{'s' from 'PyObject_Str' is passed to 'PyUnicode_FromFormat' after it was released}}
}

// An alias of a released reference is released too.
PyObject *first_word(PyObject *text)
{
	PyObject *words = PyObject_CallMethod(text, "split", NULL);
	if (words == NULL)
		return NULL;
	PyObject *list = words;
	Py_DECREF(words);
	return PyList_AsTuple(list); // expect-error[MOJO-OWN-103] {{is passed to 'PyList_AsTuple' after it was released}}
}

// Reduced from CPython 3.11.2 Modules/_testcapimodule.c
// (check_pyobject_freed_is_freed): calling the type's tp_dealloc destroys
// the object whatever its reference count (knowledge base:
// PyTypeObject.tp_dealloc releases its argument).
PyObject *dealloc_then_touch(PyObject *type)
{
	PyObject *op = PyObject_CallNoArgs(type);
	if (op == NULL)
		return NULL;
	Py_TYPE(op)->tp_dealloc(op);
	return PyObject_Repr(op); // expect-error[MOJO-OWN-103] {{'op' from 'PyObject_CallNoArgs' is passed to 'PyObject_Repr' after it was released}}
}
