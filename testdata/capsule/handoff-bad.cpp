// Capsules as owners in C++ bridge code (issue 12): destructors in an
// anonymous namespace, casts, nullptr, the typed cudaMalloc overload.
#include <Python.h>
#include <cuda_runtime.h>
#include <cstdlib>

namespace {

struct Workspace {
	float *device;
	size_t bytes;
};

void workspace_capsule_free(PyObject *cap)
{
	auto *w = static_cast<Workspace *>(
		PyCapsule_GetPointer(cap, "ownlint.workspace"));
	if (w == nullptr)
		return;
	cudaFree(w->device);
	std::free(w);
}

void device_capsule_free(PyObject *cap)
{
	cudaFree(PyCapsule_GetPointer(cap, "ownlint.device"));
}

} // namespace

extern "C" PyObject *make_workspace(size_t bytes)
{
	auto *w = static_cast<Workspace *>(std::malloc(sizeof(Workspace)));
	if (w == nullptr)
		return PyErr_NoMemory();
	if (cudaMalloc(&w->device, bytes) != cudaSuccess) {
		std::free(w);
		return PyErr_NoMemory();
	}
	w->bytes = bytes;
	PyObject *cap = PyCapsule_New(w, "ownlint.workspace",
				      workspace_capsule_free);
	if (cap == nullptr)
		return nullptr; // expect-warning[MOJO-OWN-105] {{heap memory 'w' from 'malloc' is leaked on the error exit}}
	return cap;
}

extern "C" PyObject *make_device(size_t bytes)
{
	float *d = nullptr;
	if (cudaMalloc(&d, bytes) != cudaSuccess)
		return PyErr_NoMemory();
	PyObject *cap = PyCapsule_New(d, "ownlint.device", device_capsule_free);
	if (cap == nullptr) {
		cudaFree(d);
		return nullptr;
	}
	Py_DECREF(cap);
	cudaFree(d); // expect-error[MOJO-OWN-104] {{CUDA resource 'd' from 'cudaMalloc' is released twice}}
	return nullptr;
}

extern "C" PyObject *make_device_unowned(size_t bytes)
{
	float *d = nullptr;
	if (cudaMalloc(&d, bytes) != cudaSuccess)
		return PyErr_NoMemory();
	PyObject *cap = PyCapsule_New(d, "ownlint.device", device_capsule_free);
	if (cap == nullptr) {
		cudaFree(d);
		return nullptr;
	}
	cudaFree(reinterpret_cast<void *>(d)); // expect-error[MOJO-OWN-102] {{capsule 'cap' owns it}}
	return cap;
}

extern "C" PyObject *host_in_device_capsule(size_t bytes)
{
	void *h = std::malloc(bytes);
	if (h == nullptr)
		return PyErr_NoMemory();
	PyObject *cap = PyCapsule_New(h, "ownlint.device", device_capsule_free); // expect-error[MOJO-OWN-111] {{releases it with 'cudaFree'; use 'free'}}
	if (cap == nullptr)
		std::free(h);
	return cap;
}
