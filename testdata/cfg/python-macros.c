// ARGS: --dump-cfg release
// CPython macros that expand to inline functions record the macro name;
// Py_FatalError ends the path.
#include <Python.h>

PyObject *release(PyObject *a, PyObject *b)
{
	Py_DECREF(a);
	Py_XDECREF(b);
	if (b == NULL)
		Py_FatalError("no b");
	Py_RETURN_NONE;
}

/* check-output-start
function release(a, b) -> struct _object *
  vars: _Py_NoneStruct (global)
  B0 (entry):
    Py_DECREF(a) [macro Py_DECREF]
    Py_XDECREF(b) [macro Py_XDECREF]
    branch b == NULL ? B1 : B2   [if]
  B1:
    Py_FatalError("no b")
    noreturn
  B2:
    return _Py_NewRef(&_Py_NoneStruct) [macro Py_RETURN_NONE]
   check-output-end */
