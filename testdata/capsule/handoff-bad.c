// Capsules as owners (issue 12): PyCapsule_New(p, name, dtor) hands `p`
// to the capsule when `dtor` releases it. What the destructor releases,
// and with which function, is learnt from its own code.
#include <Python.h>
#include <cuda_runtime.h>
#include <stdlib.h>

typedef struct frame { float *pixels; size_t n; } frame;

static void device_capsule_free(PyObject *cap)
{
	void *d = PyCapsule_GetPointer(cap, "ownlint.device");
	cudaFree(d);
}

static void frame_capsule_free(PyObject *cap)
{
	free(PyCapsule_GetPointer(cap, "ownlint.frame"));
}

// The capsule owns the device memory: freeing it here as well frees it
// twice once the capsule goes.
PyObject *device_buffer(size_t n)
{
	void *d;
	if (cudaMalloc(&d, n) != cudaSuccess)
		return PyErr_NoMemory();
	PyObject *cap = PyCapsule_New(d, "ownlint.device", device_capsule_free);
	if (cap == NULL) {
		cudaFree(d);
		return NULL;
	}
	cudaMemset(d, 0, n); // a borrow of the capsule: fine while it lives
	cudaFree(d); // expect-error[MOJO-OWN-102] {{CUDA resource 'd' from 'cudaMalloc' is released by 'cudaFree' but capsule 'cap' owns it: its destructor 'device_capsule_free' releases it}}
	return cap;
}

// The pointer read back from a capsule made here is the same memory.
PyObject *device_buffer_again(size_t n)
{
	void *d;
	if (cudaMalloc(&d, n) != cudaSuccess)
		return PyErr_NoMemory();
	PyObject *cap = PyCapsule_New(d, "ownlint.device", device_capsule_free);
	if (cap == NULL) {
		cudaFree(d);
		return NULL;
	}
	cudaFree(PyCapsule_GetPointer(cap, "ownlint.device")); // expect-error[MOJO-OWN-102] {{'d'}}
	return cap;
}

// Dropping the capsule's last reference runs its destructor: the frame is
// gone, and freeing or using it afterwards is a double release or a use
// of freed memory.
int frame_scratch(size_t n)
{
	frame *f = malloc(sizeof *f);
	if (f == NULL)
		return -1;
	PyObject *cap = PyCapsule_New(f, "ownlint.frame", frame_capsule_free);
	if (cap == NULL) {
		free(f);
		return -1;
	}
	Py_DECREF(cap);
	free(f); // expect-error[MOJO-OWN-104] {{heap memory 'f' from 'malloc' is released twice}}
	return 0;
}

size_t frame_size(size_t n)
{
	frame *f = malloc(sizeof *f);
	if (f == NULL)
		return 0;
	f->n = n;
	PyObject *cap = PyCapsule_New(f, "ownlint.frame", frame_capsule_free);
	if (cap == NULL) {
		free(f);
		return 0;
	}
	Py_DECREF(cap);
	return f->n; // expect-error[MOJO-BOR-201] {{'f' is dereferenced after its owner new reference 'cap' from 'PyCapsule_New' was released}}
}

// If the capsule cannot be made, the frame is still ours.
PyObject *frame_capsule(size_t n)
{
	frame *f = malloc(sizeof *f);
	if (f == NULL)
		return PyErr_NoMemory();
	f->n = n;
	PyObject *cap = PyCapsule_New(f, "ownlint.frame", frame_capsule_free);
	if (cap == NULL)
		return NULL; // expect-warning[MOJO-OWN-105] {{heap memory 'f' from 'malloc' is leaked on the error exit}}
	return cap;
}

PyObject *frame_capsule_unchecked(size_t n)
{
	frame *f = calloc(1, sizeof *f);
	if (f == NULL)
		return PyErr_NoMemory();
	return PyCapsule_New(f, "ownlint.frame", frame_capsule_free); // expect-warning[MOJO-OWN-105] {{'f' from 'calloc' is leaked when 'PyCapsule_New' fails: its result is never checked}}
}

// The destructor releases with another family's function.
PyObject *pymem_in_free_capsule(size_t n)
{
	frame *f = PyMem_Malloc(sizeof *f);
	if (f == NULL)
		return PyErr_NoMemory();
	PyObject *cap = PyCapsule_New(f, "ownlint.frame", frame_capsule_free); // expect-error[MOJO-OWN-111] {{heap memory 'f' from 'PyMem_Malloc' is handed to capsule named 'ownlint.frame', whose destructor 'frame_capsule_free' releases it with 'free'; use 'PyMem_Free'}}
	if (cap == NULL)
		PyMem_Free(f);
	return cap;
}

PyObject *host_in_device_capsule(size_t n)
{
	void *h = malloc(n);
	if (h == NULL)
		return PyErr_NoMemory();
	PyObject *cap = PyCapsule_New(h, "ownlint.device", device_capsule_free); // expect-error[MOJO-OWN-111] {{whose destructor 'device_capsule_free' releases it with 'cudaFree'}}
	if (cap == NULL)
		free(h);
	return cap;
}
