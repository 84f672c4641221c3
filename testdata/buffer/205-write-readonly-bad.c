// MOJO-BOR-205 for the buffer kind: writing through view.buf when the
// buffer was requested without PyBUF_WRITABLE. For a bytes object that
// mutates an immutable (possibly interned or shared) value.
#include <Python.h>
#include <string.h>

int zero_fill(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	memset(view.buf, 0, (size_t)view.len); // expect-error[MOJO-BOR-205] {{write through view.buf, a buffer requested without PyBUF_WRITABLE}} xfail(#4): a write by memset (a call) is not seen, only stores
	PyBuffer_Release(&view);
	return 0;
}

// In-place byte swap of a C-contiguous read-only request.
int byteswap16(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_C_CONTIGUOUS) < 0)
		return -1;
	unsigned char *p = view.buf;
	for (Py_ssize_t i = 0; i + 1 < view.len; i += 2) {
		unsigned char t = p[i];
		p[i] = p[i + 1]; // expect-error[MOJO-BOR-205] {{PyBUF_WRITABLE}}
		p[i + 1] = t;
	}
	PyBuffer_Release(&view);
	return 0;
}

// A "_RO" flag combination.
int negate(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_RECORDS_RO) < 0)
		return -1;
	double *d = view.buf;
	d[0] = -d[0]; // expect-error[MOJO-BOR-205] {{PyBUF_WRITABLE}}
	PyBuffer_Release(&view);
	return 0;
}

// The flags come from a constant local.
int set_first(PyObject *obj, char c)
{
	const int flags = PyBUF_FORMAT | PyBUF_ND;
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, flags) < 0)
		return -1;
	*(char *)view.buf = c; // expect-error[MOJO-BOR-205] {{PyBUF_WRITABLE}}
	PyBuffer_Release(&view);
	return 0;
}

// "y*" gives a read-only view ("w*" is the writable one).
PyObject *upcase(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer b;
	if (!PyArg_ParseTuple(args, "y*", &b))
		return NULL;
	char *s = b.buf;
	for (Py_ssize_t i = 0; i < b.len; i++)
		if (s[i] >= 'a' && s[i] <= 'z')
			s[i] -= 32; // expect-error[MOJO-BOR-205] {{PyBUF_WRITABLE}}
	PyBuffer_Release(&b);
	Py_RETURN_NONE;
}

// A view requested with PyBUF_ND (shape, no WRITABLE) written through a
// cast of view.buf.
int negate_first(PyObject *obj)
{
	Py_buffer v;
	if (PyObject_GetBuffer(obj, &v, PyBUF_ND) < 0)
		return -1;
	if (v.len > 0)
		((signed char *)v.buf)[0] = (signed char)-((signed char *)v.buf)[0]; // expect-error[MOJO-BOR-205] {{PyBUF_WRITABLE}}
	PyBuffer_Release(&v);
	return 0;
}

// A copy of the pointer taken before an error check is still the view's.
int set_magic(PyObject *obj)
{
	Py_buffer v;
	if (PyObject_GetBuffer(obj, &v, PyBUF_FORMAT) == -1)
		return -1;
	unsigned int *words = v.buf;
	if (v.len < (Py_ssize_t)sizeof *words) {
		PyBuffer_Release(&v);
		PyErr_SetString(PyExc_ValueError, "too short");
		return -1;
	}
	*words = 0xC0FFEEu; // expect-error[MOJO-BOR-205] {{PyBUF_WRITABLE}}
	PyBuffer_Release(&v);
	return 0;
}
