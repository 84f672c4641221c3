// A function of external linkage that no function of the file calls,
// whose parameters are not spelled as a method's, and that releases an
// object parameter on every path (after using it, or returning it as it
// came) consumes it by design: its callers are machine code a JIT emits,
// another file, or a template argument's caller, and hand it new
// references. A release on every path of a reference the function was
// only lent would fail on its first call. Reduced from Pyjion's
// intrins.cpp (PyJit_BinaryXor and its kin, which release their operands
// as the interpreter's stack does) and clif's slots.cc and types.cc
// (slot::as_size, UnicodeFromBytes).
#include <Python.h>

PyObject *jit_binary_xor(PyObject *left, PyObject *right)
{
	PyObject *res = PyNumber_Xor(left, right);
	Py_DECREF(left);
	Py_DECREF(right);
	return res;
}

Py_ssize_t as_size(PyObject *res)
{
	Py_ssize_t size = PyLong_AsSsize_t(res);
	Py_DECREF(res);
	return size;
}

PyObject *unicode_from_bytes(PyObject *b)
{
	if (b == NULL || !PyBytes_Check(b))
		return b;
	PyObject *s = PyUnicode_FromEncodedObject(b, "utf-8", "strict");
	Py_DECREF(b);
	return s;
}
// expect-no-diagnostics
