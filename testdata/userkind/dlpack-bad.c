// ARGS: --rules rules/examples/dlpack.json
// A DLPack DLManagedTensor must have its deleter called exactly once by
// its final owner. Misuses: never, twice, on an error exit, and after
// the deleter ran. rules/examples/dlpack.json declares a producer and its
// release helper dlpack_release(); the direct call 't->deleter(t)' is
// built in (rules/dlpack.json, analyzer/sm/dlpack.c).
#include <Python.h>
#include "dlpack.h"

int64_t numel(const DLTensor *t);

// Exported and inspected, never released.
int64_t size_of(void *tensor)
{
	DLManagedTensor *m = mojo_tensor_to_dlpack(tensor);
	if (!m)
		return -1;
	return numel(&m->dl_tensor); // expect-warning[MOJO-OWN-101] {{DLPack tensor 'm' from 'mojo_tensor_to_dlpack' is never released}}
}

// Rejected on a validation error without calling the deleter.
PyObject *to_host_bytes(PyObject *self, PyObject *cap)
{
	(void)self;
	DLManagedTensor *m = mojo_tensor_to_dlpack(PyCapsule_GetPointer(cap, "mojo"));
	if (m == NULL)
		return PyErr_NoMemory();
	if (m->dl_tensor.device.device_type != kDLCPU) {
		PyErr_SetString(PyExc_ValueError, "tensor is not on the CPU");
		return NULL; // expect-warning[MOJO-OWN-105] {{'m'}}
	}
	PyObject *r = PyBytes_FromStringAndSize(m->dl_tensor.data,
						numel(&m->dl_tensor));
	dlpack_release(m);
	return r;
}

void release_twice(void *tensor)
{
	DLManagedTensor *m = mojo_tensor_to_dlpack(tensor);
	dlpack_release(m);
	dlpack_release(m); // expect-error[MOJO-OWN-104] {{'m'}}
}

// The data pointer is a borrow of the managed tensor: read after release.
float first(void *tensor)
{
	DLManagedTensor *m = mojo_tensor_to_dlpack(tensor);
	if (!m)
		return 0;
	dlpack_release(m);
	return ((float *)m->dl_tensor.data)[0]; // expect-error[MOJO-OWN-103] {{'m'}}
}

// The deleter called directly, twice: reading 'm->deleter' the second
// time already reads freed memory.
void deleter_twice(void *tensor)
{
	DLManagedTensor *m = mojo_tensor_to_dlpack(tensor);
	if (!m)
		return;
	m->deleter(m);
	m->deleter(m); // expect-error[MOJO-OWN-103] {{'m' from 'mojo_tensor_to_dlpack' is dereferenced after it was released}}
}

// A deleter called and then the tensor's data is used.
float deleter_then_read(void *tensor)
{
	DLManagedTensor *m = mojo_tensor_to_dlpack(tensor);
	if (!m)
		return 0;
	float *d = m->dl_tensor.data;
	m->deleter(m);
	return d[0]; // expect-error[MOJO-BOR-201] {{'d'}}
}
