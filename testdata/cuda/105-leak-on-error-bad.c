// MOJO-OWN-105 for the cuda kind: handles still held when the function
// reports an error (a cudaError_t/CUresult other than success, -1, or
// NULL), often through a goto ladder that skips one label.
#include <Python.h>
#include <cuda_runtime.h>
#include <cuda.h>
#include <string.h>

int launch_axpy(float a, const float *x, float *y, size_t n, cudaStream_t s);

// cudaError_t convention: the second allocation fails, the first leaks.
cudaError_t axpy_host(float a, const float *x, float *y, size_t n)
{
	float *dx, *dy;
	cudaError_t err = cudaMalloc((void **)&dx, n * sizeof(float));
	if (err != cudaSuccess)
		return err;
	err = cudaMalloc((void **)&dy, n * sizeof(float));
	if (err != cudaSuccess)
		return err; // expect-warning[MOJO-OWN-105] {{CUDA resource 'dx' from 'cudaMalloc' is leaked on the error exit}}
	cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(dy, y, n * sizeof(float), cudaMemcpyHostToDevice);
	launch_axpy(a, dx, dy, n, NULL);
	err = cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost);
	cudaFree(dy);
	cudaFree(dx);
	return err;
}

// A goto ladder whose labels are in the wrong order: a failing event
// creation jumps past the stream's release.
int timed_run(float *dev, size_t n)
{
	cudaStream_t s;
	cudaEvent_t ev;
	if (cudaStreamCreate(&s) != cudaSuccess)
		goto fail;
	if (cudaEventCreateWithFlags(&ev, cudaEventDisableTiming) != cudaSuccess)
		goto fail;
	launch_axpy(1.0f, dev, dev, n, s);
	cudaEventRecord(ev, s);
	cudaEventSynchronize(ev);
	cudaEventDestroy(ev);
	cudaStreamDestroy(s);
	return 0;
fail:
	return -1; // expect-warning[MOJO-OWN-105] {{'s' from 'cudaStreamCreate'}}
}

// A CPython entry point: NULL with an exception set, device memory kept.
PyObject *upload(PyObject *self, PyObject *args)
{
	(void)self;
	const char *data;
	Py_ssize_t n;
	void *dev;
	if (!PyArg_ParseTuple(args, "y#", &data, &n))
		return NULL;
	if (cudaMalloc(&dev, (size_t)n) != cudaSuccess)
		return PyErr_NoMemory();
	cudaError_t err = cudaMemcpy(dev, data, (size_t)n, cudaMemcpyHostToDevice);
	if (err != cudaSuccess)
		return PyErr_Format(PyExc_RuntimeError, "copy: %s", cudaGetErrorString(err)); // expect-warning[MOJO-OWN-105] {{'dev'}}
	cudaFree(dev);
	Py_RETURN_NONE;
}

// Driver API with CUresult: module loaded, allocation fails.
CUresult load_and_alloc(const void *image, size_t n, CUmodule *mod_out,
			CUdeviceptr *buf_out)
{
	CUmodule mod;
	CUdeviceptr buf;
	CUresult r = cuModuleLoadData(&mod, image);
	if (r != CUDA_SUCCESS)
		return r;
	r = cuMemAlloc(&buf, n);
	if (r != CUDA_SUCCESS)
		return r; // expect-warning[MOJO-OWN-105] {{'mod' from 'cuModuleLoadData'}}
	*mod_out = mod;
	*buf_out = buf;
	return CUDA_SUCCESS;
}

// Pinned staging buffer leaked when the async copy fails.
int stage_async(void *dst, const void *src, size_t n, cudaStream_t s)
{
	void *pinned;
	if (cudaHostAlloc(&pinned, n, cudaHostAllocDefault) != cudaSuccess)
		return -1;
	memcpy(pinned, src, n);
	if (cudaMemcpyAsync(dst, pinned, n, cudaMemcpyHostToDevice, s) != cudaSuccess)
		return -1; // expect-warning[MOJO-OWN-105] {{'pinned' from 'cudaHostAlloc'}}
	cudaStreamSynchronize(s);
	cudaFreeHost(pinned);
	return 0;
}
