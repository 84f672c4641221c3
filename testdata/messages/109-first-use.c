// MOJO-OWN-109 names the first use that needs the value non-NULL (issue
// 29): an argument its callee's knowledge-base entry lists in
// "nonnull_args" (PyDict_SetItem's key and value, PyObject_Call's callable
// and tuple, strcmp's strings), or the object a CPython API works on, when
// it comes before the dereference or release that would crash too. The
// path shown ends there: a branch taken later is no step of it.
#include <Python.h>
#include <stdlib.h>
#include <string.h>

int t_set_item(PyObject *d, PyObject *key, long n, int flag)
{
	PyObject *v = PyLong_FromLong(n); // expect-note {{'v': new reference returned by 'PyLong_FromLong'}}
	int rc = PyDict_SetItem(d, key, v); // expect-warning[MOJO-OWN-109] {{new reference 'v' from 'PyLong_FromLong' is passed to 'PyDict_SetItem' before it is checked for NULL}} expect-note {{passed to 'PyDict_SetItem' here while it may be NULL}}
	if (flag)
		rc = 1;
	Py_DECREF(v);
	return rc;
}

PyObject *t_call(PyObject *f, PyObject *a)
{
	PyObject *args = PyTuple_Pack(1, a);
	PyObject *r = PyObject_Call(f, args, NULL); // expect-warning[MOJO-OWN-109] {{new reference 'args' from 'PyTuple_Pack' is passed to 'PyObject_Call' before it is checked for NULL}}
	Py_DECREF(args);
	return r;
}

int t_strcmp(const char *src)
{
	char *copy = strdup(src);
	int same = strcmp(copy, "main") == 0; // expect-warning[MOJO-OWN-109] {{heap memory 'copy' from 'strdup' is passed to 'strcmp' before it is checked for NULL}}
	copy[0] = 0;
	free(copy);
	return same;
}

// The object a CPython API works on (its first argument) counts too.
PyObject *t_first_arg(PyObject *o)
{
	PyObject *name = PyObject_Str(o);
	PyObject *up = PyObject_GetAttrString(name, "upper"); // expect-warning[MOJO-OWN-109] {{new reference 'name' from 'PyObject_Str' is passed to 'PyObject_GetAttrString' before it is checked for NULL}}
	Py_DECREF(name);
	return up;
}

// A call in the body of a CPython-style macro (CPython's own
// PyList_GET_ITEM asserts PyList_Check, which calls Py_TYPE) is named as
// the user wrote it: the macro, not the call inside it.
#define PyTuple_FIRST(op) (PyTuple_Size(op) > 0 ? PyTuple_GET_ITEM(op, 0) : NULL)

PyObject *t_cpython_style_macro(PyObject *o)
{
	PyObject *t = PyNumber_Long(o);
	PyObject *first = PyTuple_FIRST(t); // expect-warning[MOJO-OWN-109] {{new reference 't' from 'PyNumber_Long' is passed to 'PyTuple_FIRST' before it is checked for NULL}}
	Py_XINCREF(first);
	Py_DECREF(t);
	return first;
}

// No earlier use: the release is the first (as before).
void t_release_first(long n)
{
	PyObject *v = PyLong_FromLong(n);
	Py_DECREF(v); // expect-warning[MOJO-OWN-109] {{new reference 'v' from 'PyLong_FromLong' is passed to 'Py_DECREF' before it is checked for NULL}}
}

// A use the callee tolerates (PyObject_Repr prints "<NULL>") is not named:
// the dereference is the first use that crashes.
Py_ssize_t t_tolerated(PyObject *o)
{
	PyObject *s = PyObject_Str(o);
	PyObject *r = PyObject_Repr(s);
	Py_XDECREF(r);
	Py_ssize_t n = s->ob_refcnt; // expect-warning[MOJO-OWN-109] {{new reference 's' from 'PyObject_Str' is dereferenced before it is checked for NULL}}
	Py_DECREF(s);
	return n;
}

// Two unchecked results first used by one call of a macro's body: two
// findings in the macro (one per value), each with its expansions.
#define ENUM_BEGIN(m)                                               \
	PyObject *dict = PyDict_New();                              \
	PyObject *mod_name = PyObject_GetAttrString(m, "__name__"); \
	PyDict_SetItemString(dict, "__module__", mod_name);         \
	Py_DECREF(mod_name);
// expect-warning[MOJO-OWN-109]@-2 {{new reference 'dict' from 'PyDict_New' is passed to 'PyDict_SetItemString' before it is checked for NULL, in macro 'ENUM_BEGIN' (2 expansions)}}
// expect-warning[MOJO-OWN-109]@-3 {{new reference 'mod_name' from 'PyObject_GetAttrString' is passed to 'PyDict_SetItemString' before it is checked for NULL, in macro 'ENUM_BEGIN' (2 expansions)}}

int t_enum_a(PyObject *m)
{
	ENUM_BEGIN(m) // expect-note 2 {{expanded here ('ENUM_BEGIN')}}
	Py_DECREF(dict);
	return 0;
}

int t_enum_b(PyObject *m)
{
	ENUM_BEGIN(m) // expect-note 2 {{expanded here ('ENUM_BEGIN')}}
	Py_DECREF(dict);
	return 0;
}
