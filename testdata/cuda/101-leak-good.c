// MOJO-OWN-101 for the cuda kind, correct code: every handle released, or
// handed to an owner that releases it.
// expect-no-diagnostics
#include <Python.h>
#include <cuda_runtime.h>
#include <cuda.h>
#include <string.h>

int launch_scale(float *dev, size_t n, float k, cudaStream_t s);

int scale_on_device(float *host, size_t n, float k)
{
	float *dev;
	if (cudaMalloc((void **)&dev, n * sizeof *dev) != cudaSuccess)
		return -1;
	cudaMemcpy(dev, host, n * sizeof *dev, cudaMemcpyHostToDevice);
	launch_scale(dev, n, k, NULL);
	cudaMemcpy(host, dev, n * sizeof *dev, cudaMemcpyDeviceToHost);
	cudaFree(dev);
	return 0;
}

int run_async(float *dev, size_t n)
{
	cudaStream_t s;
	if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) != cudaSuccess)
		return -1;
	launch_scale(dev, n, 2.0f, s);
	cudaStreamSynchronize(s);
	cudaStreamDestroy(s);
	return 0;
}

// Stream-ordered allocation freed on the same stream.
int scratch_async(size_t n, cudaStream_t s)
{
	float *tmp;
	if (cudaMallocAsync((void **)&tmp, n * sizeof *tmp, s) != cudaSuccess)
		return -1;
	launch_scale(tmp, n, 0.5f, s);
	cudaFreeAsync(tmp, s);
	return 0;
}

int stage(CUdeviceptr dst, const void *src, size_t n)
{
	void *pinned;
	if (cuMemAllocHost(&pinned, n) != CUDA_SUCCESS)
		return -1;
	memcpy(pinned, src, n);
	cuMemcpyHtoD(dst, pinned, n);
	cuMemFreeHost(pinned);
	return 0;
}

// A device buffer owned by an extension object: stored in a field, freed
// by the type's dealloc.
typedef struct {
	PyObject_HEAD
	void *dev;
	size_t size;
} DeviceArray;

int DeviceArray_init(DeviceArray *self, size_t n)
{
	void *dev;
	if (cudaMalloc(&dev, n) != cudaSuccess)
		return -1;
	self->dev = dev;
	self->size = n;
	return 0;
}

void DeviceArray_dealloc(DeviceArray *self)
{
	cudaFree(self->dev);
	Py_TYPE(self)->tp_free((PyObject *)self);
}

// Returned to the caller, who owns it.
void *device_zeros(size_t n)
{
	void *dev;
	if (cudaMalloc(&dev, n) != cudaSuccess)
		return NULL;
	if (cudaMemset(dev, 0, n) != cudaSuccess) {
		cudaFree(dev);
		return NULL;
	}
	return dev;
}

// Wrapped in a capsule whose destructor frees it: the Python object owns
// the device memory.
static void free_device_capsule(PyObject *cap)
{
	cudaFree(PyCapsule_GetPointer(cap, "device_ptr"));
}

PyObject *device_alloc(PyObject *self, PyObject *arg)
{
	(void)self;
	Py_ssize_t n = PyLong_AsSsize_t(arg);
	void *dev;
	if (n < 0)
		return NULL;
	if (cudaMalloc(&dev, (size_t)n) != cudaSuccess)
		return PyErr_NoMemory();
	PyObject *cap = PyCapsule_New(dev, "device_ptr", free_device_capsule);
	if (cap == NULL)
		cudaFree(dev);
	return cap;
}
