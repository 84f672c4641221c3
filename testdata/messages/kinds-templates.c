// Golden test of the message templates of the other resource kinds and the
// borrow rules (issue 16): the whole message and its path notes as written.
#include <Python.h>
#include <cuda_runtime.h>
#include <stdlib.h>
#include <string.h>

// MOJO-OWN-111, heap memory released by another family.
void t_mismatched(size_t n)
{
	char *p = PyMem_Malloc(n); // expect-note {{'p' acquired here from 'PyMem_Malloc' (heap memory)}}
	if (!p) // expect-note {{assuming '!p' is false}}
		return;
	free(p); // expect-error[MOJO-OWN-111] {{heap memory 'p' from 'PyMem_Malloc' is released with 'free'; use 'PyMem_Free'}}
}

// MOJO-OWN-109, a status nobody checked (CUDA out-parameter).
void t_status(size_t n)
{
	float *d;
	cudaMalloc((void **)&d, n);
	cudaMemset(d, 0, n); // expect-warning[MOJO-OWN-109] {{CUDA resource 'd' from 'cudaMalloc' is passed to 'cudaMemset' but the status of the call that acquired it was never checked}}
	cudaFree(d);
}

// MOJO-BOR-201 and MOJO-BOR-205: a view's data after its release, and a
// write through a read-only view.
long t_view(PyObject *obj)
{
	Py_buffer view;
	if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0) // expect-note 2 {{'view' acquired here from 'PyObject_GetBuffer' (buffer view)}}
		return -1;
	char *s = view.buf;
	if (view.len > 0) // expect-note {{assuming 'view.len > 0' is true}} expect-note {{assuming 'view.len > 0' is false}}
		s[0] = 'x'; // expect-error[MOJO-BOR-205] {{write through view.buf, a buffer requested without PyBUF_WRITABLE}} expect-note {{written here}}
	PyBuffer_Release(&view); // expect-note {{released here by 'PyBuffer_Release'}}
	return s[0]; // expect-error[MOJO-BOR-201] {{'s' is dereferenced after its owner buffer view 'view' from 'PyObject_GetBuffer' was released}} expect-note {{dereferenced here}}
}

// MOJO-BOR-203.
PyObject *t_without_gil(PyObject *arg)
{
	PyObject *r;
	Py_BEGIN_ALLOW_THREADS
	r = PyObject_Str(arg); // expect-error[MOJO-BOR-203] {{'PyObject_Str' is called while the GIL is released}}
	Py_END_ALLOW_THREADS
	return r;
}

// MOJO-BOR-206 and MOJO-BOR-207.
PyObject *t_invalidated(PyObject *list, PyObject *value, int how)
{
	PyObject *item = PyList_GetItem(list, 0); // expect-note 2 {{'item': borrowed reference returned by 'PyList_GetItem'}}
	if (item == NULL) // expect-note 2 {{assuming 'item == NULL' is false}}
		return NULL;
	if (how) { // expect-note {{assuming 'how' is true}} expect-note {{assuming 'how' is false}}
		if (PyList_SetItem(list, 0, Py_NewRef(value)) < 0) // expect-note {{container changed here by 'PyList_SetItem'}} expect-note {{assuming 'PyList_SetItem(list, 0, Py_NewRef(value)) < 0' is false}}
			return NULL;
		return PyObject_Str(item); // expect-error[MOJO-BOR-207] {{borrowed reference 'item' from 'PyList_GetItem' is passed to 'PyObject_Str' after its container was changed}} expect-note {{passed to 'PyObject_Str' here}}
	}
	PyObject *r = PyObject_Repr(list); // expect-note {{'PyObject_Repr' may have run Python code (a user `__repr__`) that changes 'list'}}
	if (r == NULL) // expect-note {{assuming 'r == NULL' is false}}
		return NULL;
	Py_DECREF(r);
	return PyObject_Str(item); // expect-warning[MOJO-BOR-206] {{borrowed reference 'item' from 'PyList_GetItem' is passed to 'PyObject_Str' after 'PyObject_Repr' may have run Python code (a user `__repr__`) that changes 'list'}}
}
