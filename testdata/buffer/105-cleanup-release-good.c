// A view whose variable carries `__attribute__((cleanup(PyBuffer_Release)))`
// (kitty's RAII_PY_BUFFER) is released on every exit of its scope: the
// cleanup is a function the rules know, which the unit only declares,
// called with the variable's address.
// expect-no-diagnostics
#include <Python.h>
#include <string.h>

#define RAII_PY_BUFFER(name)                                                   \
	__attribute__((cleanup(PyBuffer_Release))) Py_buffer name = {0}

PyObject *copy_into(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
	(void)self;
	if (nargs != 2) {
		PyErr_SetString(PyExc_TypeError, "two args");
		return NULL;
	}
	RAII_PY_BUFFER(dst);
	if (PyObject_GetBuffer(args[0], &dst, PyBUF_WRITABLE) != 0)
		return NULL;
	RAII_PY_BUFFER(src);
	if (PyObject_GetBuffer(args[1], &src, PyBUF_SIMPLE) != 0)
		return NULL;
	if (src.len > dst.len) {
		PyErr_SetString(PyExc_ValueError, "output buffer too small");
		return NULL;
	}
	memcpy(dst.buf, src.buf, (size_t)src.len);
	return PyLong_FromSsize_t(src.len);
}
