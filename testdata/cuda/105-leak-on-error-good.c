// MOJO-OWN-105 for the cuda kind, correct code: goto cleanup ladders in
// reverse order of acquisition, and error codes propagated after the
// releases.
// expect-no-diagnostics
#include <Python.h>
#include <cuda_runtime.h>
#include <cuda.h>
#include <string.h>

int launch_axpy(float a, const float *x, float *y, size_t n, cudaStream_t s);

cudaError_t axpy_host(float a, const float *x, float *y, size_t n)
{
	float *dx = NULL, *dy = NULL;
	cudaError_t err = cudaMalloc((void **)&dx, n * sizeof(float));
	if (err != cudaSuccess)
		goto out;
	err = cudaMalloc((void **)&dy, n * sizeof(float));
	if (err != cudaSuccess)
		goto out;
	cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(dy, y, n * sizeof(float), cudaMemcpyHostToDevice);
	launch_axpy(a, dx, dy, n, NULL);
	err = cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost);
out:
	cudaFree(dy); // cudaFree(NULL) is a no-op
	cudaFree(dx);
	return err;
}

int timed_run(float *dev, size_t n)
{
	cudaStream_t s;
	cudaEvent_t ev;
	if (cudaStreamCreate(&s) != cudaSuccess)
		goto fail;
	if (cudaEventCreateWithFlags(&ev, cudaEventDisableTiming) != cudaSuccess)
		goto fail_stream;
	launch_axpy(1.0f, dev, dev, n, s);
	cudaEventRecord(ev, s);
	cudaEventSynchronize(ev);
	cudaEventDestroy(ev);
	cudaStreamDestroy(s);
	return 0;
fail_stream:
	cudaStreamDestroy(s);
fail:
	return -1;
}

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
	cudaFree(dev);
	if (err != cudaSuccess)
		return PyErr_Format(PyExc_RuntimeError, "copy: %s", cudaGetErrorString(err));
	Py_RETURN_NONE;
}

CUresult load_and_alloc(const void *image, size_t n, CUmodule *mod_out,
			CUdeviceptr *buf_out)
{
	CUmodule mod;
	CUdeviceptr buf;
	CUresult r = cuModuleLoadData(&mod, image);
	if (r != CUDA_SUCCESS)
		return r;
	r = cuMemAlloc(&buf, n);
	if (r != CUDA_SUCCESS) {
		cuModuleUnload(mod);
		return r;
	}
	*mod_out = mod;
	*buf_out = buf;
	return CUDA_SUCCESS;
}

int stage_async(void *dst, const void *src, size_t n, cudaStream_t s)
{
	void *pinned;
	int rc = -1;
	if (cudaHostAlloc(&pinned, n, cudaHostAllocDefault) != cudaSuccess)
		return -1;
	memcpy(pinned, src, n);
	if (cudaMemcpyAsync(dst, pinned, n, cudaMemcpyHostToDevice, s) == cudaSuccess &&
	    cudaStreamSynchronize(s) == cudaSuccess)
		rc = 0;
	cudaFreeHost(pinned);
	return rc;
}
