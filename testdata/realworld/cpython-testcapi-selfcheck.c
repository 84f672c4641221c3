// Reduced from CPython 3.11.2 Modules/_testcapimodule.c: self-checks.
// A test of the C API builds its objects from constants and tests what
// the API returns: `if (value != 42) return raiseTestError(..)`. The
// failing arm runs only if CPython is broken, so a leak on the error exit
// behind it is not reported (rules/README.md, "Self-checks"). Failure
// tests of calls that allocate, and tests of data from outside the
// function, stay real choices: the leaks behind them are reported.
#include <Python.h>

static PyObject *raiseTestError(const char *test_name, const char *msg)
{
	PyErr_Format(PyExc_RuntimeError, "%s: %s", test_name, msg);
	return NULL;
}

/* test_L_code: "L" of the int 1000 stores 1000; the parse cannot fail. */
PyObject *test_L_code(PyObject *self, PyObject *Py_UNUSED(ignored))
{
	long long value;
	PyObject *tuple = PyTuple_New(1);
	if (tuple == NULL)
		return NULL;
	PyObject *num = PyLong_FromLong(1000);
	if (num == NULL)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'tuple' from 'PyTuple_New' is leaked on the error exit}}
	PyTuple_SET_ITEM(tuple, 0, num);
	value = -1;
	if (!PyArg_ParseTuple(tuple, "L:test_L_code", &value))
		return NULL;
	if (value != 1000)
		return raiseTestError("test_L_code", "wrong value");
	Py_DECREF(tuple);
	Py_RETURN_NONE;
}

/* test_k_code: the mask of a constant too large for unsigned long. */
PyObject *test_k_code(PyObject *self, PyObject *Py_UNUSED(ignored))
{
	PyObject *num = PyLong_FromString("FFFFFFFFFFFFFFFFFFFFFFFF", NULL, 16);
	if (num == NULL)
		return NULL;
	unsigned long value = PyLong_AsUnsignedLongMask(num);
	if (value != (unsigned long)-1)
		return raiseTestError("test_k_code", "wrong mask");
	Py_DECREF(num);
	Py_RETURN_NONE;
}

/* test_mapping_has_key_string: a fresh dict holding only "a". */
PyObject *test_mapping_has_key_string(PyObject *self,
				      PyObject *Py_UNUSED(args))
{
	PyObject *context = PyDict_New();
	if (context == NULL)
		return NULL;
	PyObject *val = PyLong_FromLong(1);
	if (val == NULL) {
		Py_DECREF(context);
		return NULL;
	}
	if (PyDict_SetItemString(context, "a", val) < 0) {
		Py_DECREF(val);
		Py_DECREF(context);
		return NULL;
	}
	if (!PyMapping_HasKeyString(context, "a")) {
		PyErr_SetString(PyExc_RuntimeError, "existing key missing");
		return NULL;
	}
	if (PyMapping_HasKeyString(context, "b")) {
		PyErr_SetString(PyExc_RuntimeError, "missing key exists");
		return NULL;
	}
	Py_DECREF(val);
	Py_DECREF(context);
	Py_RETURN_NONE;
}

/* test_buildvalue_N: Py_BuildValue("N", arg) is arg itself, and the
 * reference count it leaves is known. */
PyObject *test_buildvalue_N(PyObject *self, PyObject *Py_UNUSED(ignored))
{
	PyObject *arg = PyList_New(0);
	if (arg == NULL)
		return NULL;
	Py_INCREF(arg);
	PyObject *res = Py_BuildValue("N", arg);
	if (res == NULL)
		return NULL;
	if (res != arg)
		return raiseTestError("test_buildvalue_N", "Py_BuildValue(\"N\")");
	Py_DECREF(res);
	if (Py_REFCNT(arg) != 1)
		return raiseTestError("test_buildvalue_N", "refcount");
	Py_DECREF(arg);
	Py_RETURN_NONE;
}

/* Allocation failures are real even on closed objects: the dict leaks
 * when PyDict_SetItemString runs out of memory. */
PyObject *closed_dict_oom(PyObject *self, PyObject *Py_UNUSED(ignored))
{
	PyObject *d = PyDict_New();
	if (d == NULL)
		return NULL;
	if (PyDict_SetItemString(d, "a", Py_None) < 0)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'd' from 'PyDict_New' is leaked on the error exit}}
	return d;
}

/* A self-check passed: the allocation failure after it is still real (7
 * is a cached small int: its leak is a note). */
PyObject *after_selfcheck(PyObject *self, PyObject *Py_UNUSED(ignored))
{
	PyObject *num = PyLong_FromLong(7);
	if (num == NULL)
		return NULL;
	if (PyLong_AsLong(num) != 7)
		return raiseTestError("after_selfcheck", "wrong value");
	PyObject *list = PyList_New(0);
	if (list == NULL)
		return NULL; // expect-note[MOJO-OWN-105] {{new reference 'num' from 'PyLong_FromLong' is leaked on the error exit; it is a cached small int, which CPython never frees}}
	Py_DECREF(num);
	return list;
}

/* Data from the caller is not closed: the check is input validation. */
PyObject *check_input(PyObject *self, PyObject *arg)
{
	PyObject *tuple = PyTuple_New(1);
	if (tuple == NULL)
		return NULL;
	long v = PyLong_AsLong(arg);
	if (v != 42)
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'tuple' from 'PyTuple_New' is leaked on the error exit}}
	return tuple;
}

/* A closed object mixed with the caller's data is no longer closed. */
PyObject *opened_by_input(PyObject *self, PyObject *arg)
{
	PyObject *d = PyDict_New();
	if (d == NULL)
		return NULL;
	if (PyDict_Update(d, arg) < 0) {
		Py_DECREF(d);
		return NULL;
	}
	if (!PyMapping_HasKeyString(d, "x"))
		return NULL; // expect-warning[MOJO-OWN-105] {{new reference 'd' from 'PyDict_New' is leaked on the error exit}}
	return d;
}
