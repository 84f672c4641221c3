// As 105-cleanup-release-good.c, but one view has no cleanup: it leaks
// on the early exits.
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
	Py_buffer src;
	if (PyObject_GetBuffer(args[1], &src, PyBUF_SIMPLE) != 0)
		return NULL;
	if (src.len > dst.len) {
		PyErr_SetString(PyExc_ValueError, "output buffer too small");
		return NULL; // expect-warning[MOJO-OWN-105] {{buffer view 'src' from 'PyObject_GetBuffer' is leaked on error and normal exits}}
	}
	memcpy(dst.buf, src.buf, (size_t)src.len);
	return PyLong_FromSsize_t(src.len);
}
