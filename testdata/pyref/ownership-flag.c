// Ownership told by a flag (issue #17, nanobind's `obj_vectorcall` and
// `cached_string`): a caller says by an integer argument whether it hands
// its reference over, or a function says through a `bool *` out-parameter
// whether the object it returns is a new reference. Both are contracts the
// engine does not model path by path; it says nothing rather than guess.
// Releases and returns that no flag governs are still checked.
#include <Python.h>
#include <stdbool.h>

#define BASE_OWNED 1u

// Reduced from nanobind src/common.cpp (obj_vectorcall): the flags say
// whether the callee takes over `base`.
PyObject *call_base(PyObject *base, PyObject *arg, unsigned flags)
{
	PyObject *res = PyObject_CallOneArg(base, arg);
	if (flags & BASE_OWNED)
		Py_XDECREF(base);
	return res;
}

void drop_if(PyObject *o, int owned)
{
	if (owned)
		Py_DECREF(o);
}

void drop_unless(PyObject *o, bool borrowed)
{
	if (!borrowed)
		Py_DECREF(o);
}

// The test reads no flag of the caller's: the release is still one of a
// reference this function does not own.
void drop_if_true(PyObject *o, PyObject *cond)
{
	if (PyObject_IsTrue(cond) == 1)
		Py_DECREF(o); // expect-error[MOJO-OWN-106] {{'o' is released by 'Py_DECREF' but this function does not own it}}
}

void drop_if_positive(PyObject *o, Py_ssize_t n)
{
	if (n > 0)
		Py_DECREF(o); // expect-error[MOJO-OWN-106] {{'o' is released by 'Py_DECREF' but this function does not own it}}
}

static PyObject *name_cache;

// Reduced from nanobind src/nb_internals.cpp (cached_string_slow): a
// borrowed string from the cache, or a new one, as `*owned` says.
static PyObject *cached_name(const char *str, bool *owned)
{
	*owned = false;
	PyObject *v = PyDict_GetItemString(name_cache, str);
	if (v)
		return v;
	PyObject *s = PyUnicode_FromString(str);
	*owned = s != NULL;
	return s;
}

PyObject *lookup_attr(PyObject *obj, const char *str)
{
	bool owned;
	PyObject *key = cached_name(str, &owned);
	if (!key)
		return NULL;
	PyObject *res = PyObject_GetAttr(obj, key);
	if (owned)
		Py_DECREF(key);
	return res;
}

// Without the flag, a mixed return is the function's bug.
PyObject *cached_or_new(const char *str)
{
	PyObject *v = PyDict_GetItemString(name_cache, str);
	if (v)
		return v; // expect-error[MOJO-OWN-107] {{borrowed reference 'v' from 'PyDict_GetItemString' is returned but callers expect a new reference}}
	return PyUnicode_FromString(str);
}

// The flag is set, but the result is a new reference on every path: its
// callers must release it.
static PyObject *fresh_name(const char *str, bool *is_new)
{
	*is_new = true;
	return PyUnicode_FromString(str);
}

int leaks_fresh_name(PyObject *obj, const char *str)
{
	bool is_new;
	PyObject *key = fresh_name(str, &is_new);
	if (!key)
		return -1;
	return PyObject_SetAttr(obj, key, Py_None); // expect-warning[MOJO-OWN-101] {{new reference 'key' from 'fresh_name' is never released}}
}

// A static helper that takes its argument over only when its flag says so
// (nanobind's nb_type_vectorcall_fixup, issue #26): its callers hand their
// reference over by that flag, and it is not followed past the call.
static PyObject *call_fixup(PyObject *self, PyObject *arg, int is_init)
{
	PyObject *r = PyObject_CallOneArg(arg, self);
	if (is_init)
		Py_DECREF(self);
	return r;
}

PyObject *make_and_fix(PyTypeObject *tp, PyObject *arg)
{
	PyObject *self = tp->tp_alloc(tp, 0);
	if (!self)
		return NULL;
	return call_fixup(self, arg, 1);
}
