/*
 * checksum.c — example CPython extension for mojo-ownlint (see README.md).
 *
 * Sums the 64-bit words of any object supporting the buffer protocol, with
 * the GIL released during the loop. One genuine bug: sum64_buggy() returns
 * on the length check without PyBuffer_Release(), so the exporter (bytes,
 * bytearray, memoryview, numpy array) stays locked (MOJO-OWN-105, buffer;
 * a bytearray can then no longer be resized). sum64() is the correct
 * version.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <string.h>

static uint64_t
sum_words(const char *p, Py_ssize_t len)
{
	uint64_t s = 0, w;
	for (Py_ssize_t i = 0; i + 8 <= len; i += 8) {
		memcpy(&w, p + i, 8);
		s += w;
	}
	return s;
}

static PyObject *
sum64_buggy(PyObject *self, PyObject *obj)
{
	Py_buffer view;
	uint64_t s;
	(void)self;

	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return NULL;
	if (view.len % 8 != 0) {
		PyErr_SetString(PyExc_ValueError,
				"buffer length is not a multiple of 8");
		return NULL;	/* BUG: 'view' is not released */
	}
	Py_BEGIN_ALLOW_THREADS
	s = sum_words(view.buf, view.len);
	Py_END_ALLOW_THREADS
	PyBuffer_Release(&view);
	return PyLong_FromUnsignedLongLong(s);
}

static PyObject *
sum64(PyObject *self, PyObject *obj)
{
	Py_buffer view;
	uint64_t s;
	(void)self;

	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return NULL;
	if (view.len % 8 != 0) {
		PyBuffer_Release(&view);
		PyErr_SetString(PyExc_ValueError,
				"buffer length is not a multiple of 8");
		return NULL;
	}
	Py_BEGIN_ALLOW_THREADS
	s = sum_words(view.buf, view.len);
	Py_END_ALLOW_THREADS
	PyBuffer_Release(&view);
	return PyLong_FromUnsignedLongLong(s);
}

static PyMethodDef checksum_methods[] = {
	{"sum64_buggy", sum64_buggy, METH_O, "sum64_buggy(buffer) -> int"},
	{"sum64", sum64, METH_O, "sum64(buffer) -> int"},
	{NULL, NULL, 0, NULL},
};

static struct PyModuleDef checksum_module = {
	PyModuleDef_HEAD_INIT, "checksum", NULL, -1, checksum_methods,
	NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit_checksum(void)
{
	return PyModule_Create(&checksum_module);
}
