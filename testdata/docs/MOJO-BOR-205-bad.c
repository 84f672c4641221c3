#include <Python.h>
#include <string.h>

int zero_fill(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0)
		return -1;
	memset(view.buf, 0, (size_t)view.len); // expect-error[MOJO-BOR-205] {{view}} xfail(#4): write-through-readonly-borrow not implemented yet
	PyBuffer_Release(&view);
	return 0;
}
