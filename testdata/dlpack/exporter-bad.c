// DLPack exporters (__dlpack__, issue 12): the managed tensor goes to a
// "dltensor" capsule whose destructor calls its deleter; until
// PyCapsule_New succeeds it is the exporter's. Built in: no rules file.
#include <Python.h>
#include <dlpack/dlpack.h>
#include <stdlib.h>

typedef struct { PyObject_HEAD float *data; int64_t n; } Vector;

static void vector_tensor_deleter(DLManagedTensor *self)
{
	Py_XDECREF((PyObject *)self->manager_ctx);
	PyMem_Free(self);
}

// The protocol's destructor: the deleter runs only while the capsule is
// still named "dltensor" (no consumer took the tensor).
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

static DLManagedTensor *vector_to_tensor(Vector *v)
{
	DLManagedTensor *m = PyMem_Malloc(sizeof *m + sizeof(int64_t));
	if (m == NULL)
		return NULL;
	int64_t *shape = (int64_t *)(m + 1);
	shape[0] = v->n;
	m->dl_tensor.data = v->data;
	m->dl_tensor.device.device_type = kDLCPU;
	m->dl_tensor.device.device_id = 0;
	m->dl_tensor.ndim = 1;
	m->dl_tensor.shape = shape;
	m->dl_tensor.strides = NULL;
	m->dl_tensor.byte_offset = 0;
	m->manager_ctx = v;
	Py_INCREF(v);
	m->deleter = vector_tensor_deleter;
	return m;
}

// PyCapsule_New failed: nothing calls the deleter, the tensor and the
// reference it holds leak.
PyObject *vector_dlpack(Vector *self, PyObject *args)
{
	(void)args;
	DLManagedTensor *m = PyMem_Malloc(sizeof *m);
	if (m == NULL)
		return PyErr_NoMemory();
	m->dl_tensor.data = self->data;
	m->dl_tensor.ndim = 1;
	m->manager_ctx = NULL;
	m->deleter = vector_tensor_deleter;
	PyObject *cap = PyCapsule_New(m, "dltensor", dltensor_capsule_destructor);
	if (cap == NULL)
		return NULL; // expect-warning[MOJO-OWN-105] {{heap memory 'm' from 'PyMem_Malloc' is leaked on the error exit}}
	return cap;
}

// The same with the result returned unchecked.
PyObject *vector_dlpack_unchecked(Vector *self, PyObject *args)
{
	(void)args;
	DLManagedTensor *m = PyMem_Malloc(sizeof *m);
	if (m == NULL)
		return PyErr_NoMemory();
	m->dl_tensor.data = self->data;
	m->manager_ctx = NULL;
	m->deleter = vector_tensor_deleter;
	return PyCapsule_New(m, "dltensor", dltensor_capsule_destructor); // expect-warning[MOJO-OWN-105] {{'m' from 'PyMem_Malloc' is leaked when 'PyCapsule_New' fails}}
}

// A tensor made by a helper of this file (a producer: the caller owns
// what it returns) leaks when the capsule cannot be made.
PyObject *vector_dlpack_helper(Vector *self, PyObject *args)
{
	(void)args;
	DLManagedTensor *m = vector_to_tensor(self);
	if (m == NULL)
		return PyErr_NoMemory();
	PyObject *cap = PyCapsule_New(m, "dltensor", dltensor_capsule_destructor);
	if (cap == NULL)
		return NULL; // expect-warning[MOJO-OWN-105] {{DLPack tensor 'm' from 'vector_to_tensor' is leaked on the error exit}}
	return cap;
}

// The exporter calls the deleter after handing the tensor over: the
// capsule calls it again when it goes.
PyObject *vector_dlpack_twice(Vector *self, PyObject *args)
{
	(void)args;
	DLManagedTensor *m = vector_to_tensor(self);
	if (m == NULL)
		return PyErr_NoMemory();
	PyObject *cap = PyCapsule_New(m, "dltensor", dltensor_capsule_destructor);
	if (cap == NULL) {
		m->deleter(m);
		return NULL;
	}
	m->deleter(m); // expect-error[MOJO-OWN-102] {{DLPack tensor 'm' from 'vector_to_tensor' is released by 'DLManagedTensor.deleter' but capsule 'cap' owns it}}
	return cap;
}

// Exported under the versioned name, but the destructor only releases a
// capsule named "dltensor": nothing ever calls the deleter.
PyObject *vector_dlpack_misnamed(Vector *self, PyObject *args)
{
	(void)args;
	DLManagedTensor *m = vector_to_tensor(self);
	if (m == NULL)
		return PyErr_NoMemory();
	PyObject *cap = PyCapsule_New(m, "dltensor_versioned",
				      dltensor_capsule_destructor);
	if (cap == NULL)
		m->deleter(m);
	return cap; // expect-warning[MOJO-OWN-101] {{DLPack tensor 'm' from 'vector_to_tensor' is never released}}
}

// The capsule dropped, its data used: the deleter ran.
float vector_first(Vector *self)
{
	DLManagedTensor *m = vector_to_tensor(self);
	if (m == NULL)
		return 0;
	PyObject *cap = PyCapsule_New(m, "dltensor", dltensor_capsule_destructor);
	if (cap == NULL) {
		m->deleter(m);
		return 0;
	}
	float *d = m->dl_tensor.data;
	Py_DECREF(cap);
	return d[0]; // expect-error[MOJO-BOR-201] {{'d' is dereferenced after its owner DLPack tensor 'm' from 'vector_to_tensor' was released}}
}

// A "dltensor" capsule without a destructor: when no consumer takes the
// tensor (the capsule is dropped, or the consumer fails first), nothing
// calls its deleter.
PyObject *vector_dlpack_no_destructor(Vector *self, PyObject *args)
{
	(void)args;
	DLManagedTensor *m = PyMem_Malloc(sizeof *m);
	if (m == NULL)
		return PyErr_NoMemory();
	m->dl_tensor.data = self->data;
	m->manager_ctx = NULL;
	m->deleter = vector_tensor_deleter;
	PyObject *cap = PyCapsule_New(m, "dltensor", NULL);
	if (cap == NULL)
		PyMem_Free(m);
	return cap; // expect-warning[MOJO-OWN-101] {{heap memory 'm' from 'PyMem_Malloc' is never released}}
}
