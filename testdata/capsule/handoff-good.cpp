// Capsules as owners in C++ bridge code, correct.
// expect-no-diagnostics
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
	if (cap == nullptr) {
		cudaFree(w->device);
		std::free(w);
		return nullptr;
	}
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
	cudaMemset(d, 0, bytes);
	return cap;
}
