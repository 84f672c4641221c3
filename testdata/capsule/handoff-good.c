// Capsules as owners, correct: after PyCapsule_New succeeds the capsule's
// destructor releases the pointer; until then (and when it fails) the
// function does.
// expect-no-diagnostics
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
	frame *f = PyCapsule_GetPointer(cap, "ownlint.frame");
	if (f == NULL)
		return;
	PyMem_Free(f->pixels);
	PyMem_Free(f);
}

// A destructor defined elsewhere: what it does is not known, and the
// capsule keeps the pointer as far as the analysis can tell.
void foreign_capsule_free(PyObject *cap);

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
	// The capsule is alive: its pointer may be used.
	cudaMemset(PyCapsule_GetPointer(cap, "ownlint.device"), 0, n);
	cudaMemset(d, 0, n);
	return cap;
}

PyObject *frame_capsule(size_t n)
{
	frame *f = PyMem_Malloc(sizeof *f);
	if (f == NULL)
		return PyErr_NoMemory();
	f->n = n;
	f->pixels = PyMem_Calloc(n, sizeof(float));
	if (f->pixels == NULL) {
		PyMem_Free(f);
		return PyErr_NoMemory();
	}
	PyObject *cap = PyCapsule_New(f, "ownlint.frame", frame_capsule_free);
	if (cap == NULL) {
		PyMem_Free(f->pixels);
		PyMem_Free(f);
		return NULL;
	}
	return cap;
}

// Used while the capsule lives, then the capsule goes (and the frame
// with it).
float frame_first(size_t n)
{
	frame *f = PyMem_Malloc(sizeof *f);
	if (f == NULL)
		return 0;
	f->n = n;
	f->pixels = PyMem_Calloc(n + 1, sizeof(float));
	PyObject *cap = PyCapsule_New(f, "ownlint.frame", frame_capsule_free);
	if (cap == NULL) {
		PyMem_Free(f->pixels);
		PyMem_Free(f);
		return 0;
	}
	float v = f->pixels ? f->pixels[0] : 0;
	Py_DECREF(cap);
	return v;
}

PyObject *foreign(size_t n)
{
	void *p = malloc(n);
	if (p == NULL)
		return PyErr_NoMemory();
	PyObject *cap = PyCapsule_New(p, "ownlint.foreign", foreign_capsule_free);
	if (cap == NULL)
		free(p);
	return cap;
}

// A module's C API table: a static struct, no resource.
static struct { int version; } c_api = {1};

int add_c_api(PyObject *module)
{
	PyObject *cap = PyCapsule_New(&c_api, "ownlint._C_API", NULL);
	if (cap == NULL)
		return -1;
	if (PyModule_AddObject(module, "_C_API", cap) < 0) {
		Py_DECREF(cap);
		return -1;
	}
	return 0;
}

// A static type object exported through a capsule (bitarray's
// _C_API): the capsule keeps a raw pointer, no reference is handed over.
PyTypeObject Exported_Type;

int add_type_capsule(PyObject *module)
{
	PyObject *cap = PyCapsule_New((void *)&Exported_Type,
				      "ownlint._type_C_API", NULL);
	if (cap == NULL)
		return -1;
	if (PyModule_AddObject(module, "_type_C_API", cap) < 0) {
		Py_DECREF(cap);
		return -1;
	}
	return 0;
}
