// ARGS: --rules rules/examples/dlpack.json
// DLPack exporters, correct, legacy and versioned. Run with the example
// rules file too (issue 12: it gave a false MOJO-OWN-111 on a correct
// exporter whose tensor comes from PyMem_Malloc and is released by its own
// deleter).
// expect-no-diagnostics
#include <Python.h>
#include <dlpack/dlpack.h>
#include <stdlib.h>

typedef struct { PyObject_HEAD float *data; int64_t n; } Vector;

static void vector_tensor_deleter(DLManagedTensor *self)
{
	Py_XDECREF((PyObject *)self->manager_ctx);
	PyMem_Free(self);
}

static void vector_tensor_deleter_v(DLManagedTensorVersioned *self)
{
	Py_XDECREF((PyObject *)self->manager_ctx);
	PyMem_Free(self);
}

static void dltensor_capsule_destructor(PyObject *cap)
{
	if (PyCapsule_IsValid(cap, "used_dltensor"))
		return;
	DLManagedTensor *m = PyCapsule_GetPointer(cap, "dltensor");
	if (m == NULL) {
		PyErr_WriteUnraisable(cap);
		return;
	}
	if (m->deleter)
		m->deleter(m);
}

static void dltensor_versioned_capsule_destructor(PyObject *cap)
{
	if (PyCapsule_IsValid(cap, "used_dltensor_versioned"))
		return;
	DLManagedTensorVersioned *m =
		PyCapsule_GetPointer(cap, "dltensor_versioned");
	if (m == NULL) {
		PyErr_WriteUnraisable(cap);
		return;
	}
	if (m->deleter)
		m->deleter(m);
}

PyObject *vector_dlpack(Vector *self, PyObject *args)
{
	(void)args;
	DLManagedTensor *m = PyMem_Malloc(sizeof *m + sizeof(int64_t));
	if (m == NULL)
		return PyErr_NoMemory();
	int64_t *shape = (int64_t *)(m + 1);
	shape[0] = self->n;
	m->dl_tensor.data = self->data;
	m->dl_tensor.device.device_type = kDLCPU;
	m->dl_tensor.device.device_id = 0;
	m->dl_tensor.ndim = 1;
	m->dl_tensor.shape = shape;
	m->dl_tensor.strides = NULL;
	m->dl_tensor.byte_offset = 0;
	m->manager_ctx = self;
	Py_INCREF(self);
	m->deleter = vector_tensor_deleter;
	PyObject *cap = PyCapsule_New(m, "dltensor", dltensor_capsule_destructor);
	if (cap == NULL) {
		m->deleter(m);
		return NULL;
	}
	return cap;
}

PyObject *vector_dlpack_versioned(Vector *self, PyObject *args)
{
	(void)args;
	DLManagedTensorVersioned *m = PyMem_Malloc(sizeof *m);
	if (m == NULL)
		return PyErr_NoMemory();
	m->version.major = DLPACK_MAJOR_VERSION;
	m->version.minor = DLPACK_MINOR_VERSION;
	m->flags = DLPACK_FLAG_BITMASK_READ_ONLY;
	m->dl_tensor.data = self->data;
	m->dl_tensor.ndim = 1;
	m->dl_tensor.shape = &self->n;
	m->dl_tensor.strides = NULL;
	m->manager_ctx = self;
	Py_INCREF(self);
	m->deleter = vector_tensor_deleter_v;
	PyObject *cap = PyCapsule_New(m, "dltensor_versioned",
				      dltensor_versioned_capsule_destructor);
	if (cap == NULL) {
		vector_tensor_deleter_v(m);
		return NULL;
	}
	return cap;
}

// The shape lives in the vector; the tensor alone is allocated, and given
// to its own deleter when the capsule cannot be made.
PyObject *vector_dlpack_plain(Vector *self, PyObject *args)
{
	(void)args;
	DLManagedTensor *m = PyMem_Malloc(sizeof *m);
	if (m == NULL)
		return PyErr_NoMemory();
	m->dl_tensor.data = self->data;
	m->dl_tensor.ndim = 1;
	m->dl_tensor.shape = &self->n;
	m->dl_tensor.strides = NULL;
	m->manager_ctx = self;
	Py_INCREF(self);
	m->deleter = vector_tensor_deleter;
	PyObject *cap = PyCapsule_New(m, "dltensor", dltensor_capsule_destructor);
	if (cap == NULL) {
		m->deleter(m);
		return NULL;
	}
	return cap;
}
