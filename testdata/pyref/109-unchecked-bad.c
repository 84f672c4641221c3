/*
 * MOJO-OWN-109 unchecked-acquire: the result of an API documented to fail
 * with NULL is used before it is checked. One bug per function.
 */
#include <Python.h>

// PyObject_GetAttrString fails with NULL (AttributeError): the type of the
// result is read without a check.
const char *attr_type_name(PyObject *obj)
{
	PyObject *attr = PyObject_GetAttrString(obj, "value");
	const char *name = Py_TYPE(attr)->tp_name; // expect-warning[MOJO-OWN-109] {{'attr' from 'PyObject_GetAttrString'}} xfail(#3): the 3.11 accessors Py_TYPE, Py_SIZE, PyList_GET_SIZE are static inline functions that dereference their argument; passing an unchecked result to them is not counted as a use
	Py_XDECREF(attr);
	return name;
}

// A PyLong_FromLong result that may be NULL, stored into a dict and then
// released: PyDict_SetItemString, the first use that needs it non-NULL,
// is named (the later Py_DECREF would crash too, but never runs on NULL).
int store_int(PyObject *dict, long v)
{
	PyObject *num = PyLong_FromLong(v);
	int rc = PyDict_SetItemString(dict, "value", num); // expect-warning[MOJO-OWN-109] {{'num' from 'PyLong_FromLong' is passed to 'PyDict_SetItemString' before it is checked for NULL}}
	Py_DECREF(num);
	return rc;
}

// PyTuple_New can fail: PyTuple_SET_ITEM writes through the result.
PyObject *one_tuple(PyObject *item)
{
	PyObject *t = PyTuple_New(1);
	PyTuple_SET_ITEM(t, 0, Py_NewRef(item)); // expect-warning[MOJO-OWN-109] {{'t' from 'PyTuple_New'}} xfail(#3): PyTuple_SET_ITEM/PyList_SET_ITEM are static inline functions in 3.11 that write through their first argument; passing an unchecked result to them is not counted as a use
	return t;
}

// PyList_New can fail: the size is read through the result.
Py_ssize_t new_list_size(Py_ssize_t n)
{
	PyObject *list = PyList_New(n);
	Py_ssize_t size = PyList_GET_SIZE(list); // expect-warning[MOJO-OWN-109] {{'list' from 'PyList_New'}} xfail(#3): the 3.11 accessors Py_TYPE, Py_SIZE, PyList_GET_SIZE are static inline functions that dereference their argument; passing an unchecked result to them is not counted as a use
	Py_XDECREF(list);
	return size;
}

// A Python call can raise: its result is released unchecked.
int call_and_ignore(PyObject *func, PyObject *args)
{
	PyObject *res = PyObject_CallObject(func, args);
	Py_DECREF(res); // expect-warning[MOJO-OWN-109] {{'res' from 'PyObject_CallObject' is passed to 'Py_DECREF' before it is checked for NULL}}
	return 0;
}

// PyNumber_Add can raise TypeError: the sum is dereferenced unchecked.
long add_refcnt(PyObject *a, PyObject *b)
{
	PyObject *sum = PyNumber_Add(a, b);
	long refs = (long)sum->ob_refcnt; // expect-warning[MOJO-OWN-109] {{'sum' from 'PyNumber_Add' is dereferenced before it is checked for NULL}}
	Py_XDECREF(sum);
	return refs;
}

// The check comes too late: the object was already used.
PyObject *str_upper(PyObject *obj)
{
	PyObject *s = PyObject_Str(obj);
	Py_INCREF(s); // expect-warning[MOJO-OWN-109] {{'s' from 'PyObject_Str'}}
	if (s == NULL)
		return NULL;
	PyObject *res = PyObject_CallMethod(s, "upper", NULL);
	Py_DECREF(s);
	Py_DECREF(s);
	return res;
}

// Copying a list: PyList_New may fail, and PyList_SET_ITEM writes through
// its result on the first iteration.
PyObject *list_copy(PyObject *src)
{
	Py_ssize_t n = PyList_Size(src);
	if (n < 0)
		return NULL;
	PyObject *copy = PyList_New(n);
	for (Py_ssize_t i = 0; i < n; i++)
		PyList_SET_ITEM(copy, i, Py_NewRef(PyList_GET_ITEM(src, i))); // expect-warning[MOJO-OWN-109] {{'copy' from 'PyList_New'}} xfail(#3): PyTuple_SET_ITEM/PyList_SET_ITEM are static inline functions in 3.11 that write through their first argument; passing an unchecked result to them is not counted as a use
	return copy;
}

// Calling a method for its side effect and releasing the result at once:
// the call can raise and return NULL.
void close_quietly(PyObject *file)
{
	Py_DECREF(PyObject_CallMethod(file, "close", NULL)); // expect-warning[MOJO-OWN-109] {{from 'PyObject_CallMethod' is passed to 'Py_DECREF' before it is checked for NULL}}
}

// PyDict_Keys can fail with MemoryError: PyList_GET_ITEM reads through
// the unchecked result (the caller made sure the dict is not empty).
// (With the stub headers it dereferences it; with CPython's own, its
// assert reads Py_TYPE(keys) first: the macro is named.)
PyObject *first_key(PyObject *dict)
{
	PyObject *keys = PyDict_Keys(dict);
	PyObject *first = PyList_GET_ITEM(keys, 0); // expect-warning[MOJO-OWN-109] {{'keys' from 'PyDict_Keys' is}}
	Py_INCREF(first);
	Py_DECREF(keys);
	return first;
}

// The name of a type we know nothing of may be a fresh str: it can fail.
int some_type_name(PyTypeObject *type)
{
	PyObject *name = PyType_GetName(type);
	Py_DECREF(name); // expect-warning[MOJO-OWN-109] {{new reference 'name' from 'PyType_GetName' is passed to 'Py_DECREF' before it is checked for NULL}}
	return 0;
}

// A flag that tested something else says nothing of the new reference.
const char *attr_type_name_wrong_flag(PyObject *obj, PyObject *other)
{
	PyObject *attr = PyObject_GetAttrString(obj, "value");
	int ok = other != NULL;
	if (!ok) {
		Py_XDECREF(attr);
		return NULL;
	}
	const char *name = attr->ob_type->tp_name; // expect-warning[MOJO-OWN-109] {{new reference 'attr' from 'PyObject_GetAttrString' is dereferenced before it is checked for NULL}}
	Py_XDECREF(attr);
	return name;
}
