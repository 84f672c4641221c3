// ARGS: --rules rules/examples/dlpack.json
// DLPack, correct code: the final owner calls the deleter once, through
// the declared helper or handed to a capsule whose destructor calls it.
// expect-no-diagnostics
#include <Python.h>
#include "dlpack.h"

int64_t numel(const DLTensor *t);

int64_t size_of(void *tensor)
{
	DLManagedTensor *m = mojo_tensor_to_dlpack(tensor);
	if (!m)
		return -1;
	int64_t n = numel(&m->dl_tensor);
	dlpack_release(m);
	return n;
}

PyObject *to_host_bytes(PyObject *self, PyObject *cap)
{
	(void)self;
	PyObject *r = NULL;
	DLManagedTensor *m = mojo_tensor_to_dlpack(PyCapsule_GetPointer(cap, "mojo"));
	if (m == NULL)
		return PyErr_NoMemory();
	if (m->dl_tensor.device.device_type != kDLCPU) {
		PyErr_SetString(PyExc_ValueError, "tensor is not on the CPU");
		goto out;
	}
	r = PyBytes_FromStringAndSize(m->dl_tensor.data, numel(&m->dl_tensor));
out:
	dlpack_release(m);
	return r;
}

// The DLPack protocol's __dlpack__: a "dltensor" capsule owns the tensor;
// its destructor calls the deleter unless a consumer renamed it
// "used_dltensor" (and took ownership).
static void dltensor_capsule_destructor(PyObject *cap)
{
	DLManagedTensor *m = PyCapsule_GetPointer(cap, "dltensor");
	if (m != NULL && m->deleter != NULL)
		m->deleter(m);
	else
		PyErr_Clear();
}

PyObject *dlpack_export(PyObject *self, PyObject *cap)
{
	(void)self;
	DLManagedTensor *m = mojo_tensor_to_dlpack(PyCapsule_GetPointer(cap, "mojo"));
	if (m == NULL)
		return PyErr_NoMemory();
	PyObject *out = PyCapsule_New(m, "dltensor", dltensor_capsule_destructor);
	if (out == NULL)
		dlpack_release(m);
	return out;
}

// The deleter called directly, once (the call through the field,
// "DLManagedTensor.deleter", is built in: rules/dlpack.json).
void direct(void *tensor)
{
	DLManagedTensor *m = mojo_tensor_to_dlpack(tensor);
	if (!m)
		return;
	m->deleter(m);
}

// A NULL deleter means there is nothing to release (the DLPack spec
// allows it): the path that skips the call leaks nothing.
void direct_checked(void *tensor)
{
	DLManagedTensor *m = mojo_tensor_to_dlpack(tensor);
	if (!m)
		return;
	if (m->deleter)
		m->deleter(m);
}
