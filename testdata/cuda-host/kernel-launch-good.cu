// CUDA host code parsed without a toolkit, correct: every path that
// leaves after a launch frees what it allocated, and the stream outlives
// the launches on it.
// expect-no-diagnostics
#include <Python.h>
#include <cuda_runtime.h>
#include <cuComplex.h>

__global__ void scale(float *d, int n, float k)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		d[i] *= k;
}

__global__ void reduce_warp(const float *in, float *out, int n)
{
	float v = threadIdx.x < (unsigned)n ? in[threadIdx.x] : 0.0f;
	for (int off = 16; off > 0; off /= 2)
		v += __shfl_down_sync(0xffffffffu, v, off);
	if (threadIdx.x == 0)
		*out = v;
}

// Device-side memcpy and the complex helpers parse without a toolkit.
__global__ void gather(char *dst, const char *src, size_t size, int n,
		       cuDoubleComplex *z)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		memcpy(dst + i * size, src + 2 * i * size, size);
		z[i] = cuCmul(z[i], make_cuDoubleComplex(0.0, 1.0));
	}
}

int scale_host(float *host, int n, float k)
{
	float *d;
	int rc = -1;
	if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess)
		return -1;
	cudaMemcpy(d, host, n * sizeof(float), cudaMemcpyHostToDevice);
	dim3 grid((n + 255) / 256), block(256);
	scale<<<grid, block>>>(d, n, k);
	if (cudaGetLastError() != cudaSuccess)
		goto out;
	cudaMemcpy(host, d, n * sizeof(float), cudaMemcpyDeviceToHost);
	rc = 0;
out:
	cudaFree(d);
	return rc;
}

cudaError_t reduce_on_stream(const float *din, int n, float *result)
{
	cudaStream_t s;
	float *out;
	cudaError_t err = cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
	if (err != cudaSuccess)
		return err;
	err = cudaMallocAsync(&out, sizeof(float), s);
	if (err != cudaSuccess) {
		cudaStreamDestroy(s);
		return err;
	}
	reduce_warp<<<1, 32, 0, s>>>(din, out, n);
	err = cudaMemcpyAsync(result, out, sizeof(float),
			      cudaMemcpyDeviceToHost, s);
	cudaFreeAsync(out, s);
	cudaStreamSynchronize(s);
	cudaStreamDestroy(s);
	return err;
}

PyObject *py_scale(PyObject *self, PyObject *args)
{
	(void)self;
	int n;
	float k;
	float *d;
	if (!PyArg_ParseTuple(args, "if", &n, &k))
		return NULL;
	if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess)
		return PyErr_NoMemory();
	scale<<<(n + 255) / 256, 256>>>(d, n, k);
	cudaError_t err = cudaDeviceSynchronize();
	cudaFree(d);
	if (err != cudaSuccess) {
		PyErr_SetString(PyExc_RuntimeError, cudaGetErrorString(err));
		return NULL;
	}
	Py_RETURN_NONE;
}
