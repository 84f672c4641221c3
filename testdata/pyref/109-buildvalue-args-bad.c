// Py_BuildValue's failure says nothing of its "O" arguments: each may
// still be NULL there, and each is still owned.
#include <Python.h>

int invoke(PyObject *cb, char *in, char *out, Py_ssize_t n)
{
	PyObject *iBuf = PyMemoryView_FromMemory(in, n, PyBUF_READ);
	PyObject *oBuf = PyMemoryView_FromMemory(out, n, PyBUF_WRITE);
	PyObject *args = Py_BuildValue("(O,O)", oBuf, iBuf);
	if (args == NULL) {
		Py_DECREF(oBuf); // expect-warning[MOJO-OWN-109] {{new reference 'oBuf' from 'PyMemoryView_FromMemory' is passed to 'Py_DECREF' before it is checked for NULL}}
		return -1; // expect-warning[MOJO-OWN-105] {{new reference 'iBuf' from 'PyMemoryView_FromMemory' is leaked on the error exit}}
	}
	PyObject *res = PyObject_Call(cb, args, NULL);
	Py_DECREF(args);
	Py_DECREF(oBuf);
	Py_DECREF(iBuf);
	if (!res)
		return -1;
	Py_DECREF(res);
	return 0;
}

// pygobject's `pyg_enum_reduce`: an "O" unit borrows, so the new reference
// passed straight in is leaked, whatever the result.
PyObject *reduce(PyObject *self)
{
	return Py_BuildValue("(O(i)O)", Py_TYPE(self), 1, // expect-warning[MOJO-OWN-101] {{new reference from 'PyObject_GetAttrString' is never released}}
			     PyObject_GetAttrString(self, "__dict__"));
}
