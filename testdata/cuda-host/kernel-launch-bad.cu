// CUDA host code parsed without a toolkit (issue 12): the kernels use
// blockIdx, threadIdx, blockDim and __syncthreads(), the host launches them
// with <<<...>>>, and <cuda_runtime.h> is the tool's own declarations.
// A launch reports its errors through cudaGetLastError(), which follows
// the error convention of the knowledge base (not cudaSuccess = failed).
#include <Python.h>
#include <cuda_runtime.h>

#ifndef OWNLINT_CUDA_DECLS
#error "expected mojo-ownlint's own CUDA declarations, not a toolkit"
#endif

__global__ void scale(float *d, int n, float k)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		d[i] *= k;
}

__global__ void block_sum(const float *in, float *out, int n)
{
	__shared__ float part[256];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	part[threadIdx.x] = i < n ? in[i] : 0.0f;
	__syncthreads();
	if (threadIdx.x == 0) {
		float s = 0;
		for (int j = 0; j < (int)blockDim.x; j++)
			s += part[j];
		atomicAdd(out, s);
	}
}

// The launch failed: the error exit forgets the device buffer.
int scale_host(float *host, int n, float k)
{
	float *d;
	if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess)
		return -1;
	cudaMemcpy(d, host, n * sizeof(float), cudaMemcpyHostToDevice);
	scale<<<(n + 255) / 256, 256>>>(d, n, k);
	if (cudaGetLastError() != cudaSuccess)
		return -1; // expect-warning[MOJO-OWN-105] {{CUDA resource 'd' from 'cudaMalloc' is leaked on the error exit}}
	cudaMemcpy(host, d, n * sizeof(float), cudaMemcpyDeviceToHost);
	cudaFree(d);
	return 0;
}

// cudaError_t convention: returning the launch's error keeps 'out'.
cudaError_t sum_host(const float *din, int n, float *result)
{
	float *out;
	cudaError_t err = cudaMalloc(&out, sizeof(float));
	if (err != cudaSuccess)
		return err;
	cudaMemset(out, 0, sizeof(float));
	block_sum<<<(n + 255) / 256, 256>>>(din, out, n);
	err = cudaPeekAtLastError();
	if (err != cudaSuccess)
		return err; // expect-warning[MOJO-OWN-105] {{'out'}}
	err = cudaMemcpy(result, out, sizeof(float), cudaMemcpyDeviceToHost);
	cudaFree(out);
	return err;
}

// A launch on a stream that was already destroyed, and a kernel given
// freed device memory.
void launch_after_destroy(float *d, int n)
{
	cudaStream_t s;
	if (cudaStreamCreate(&s) != cudaSuccess)
		return;
	cudaStreamDestroy(s);
	scale<<<1, 256, 0, s>>>(d, n, 2.0f); // expect-error[MOJO-OWN-103] {{CUDA resource 's' from 'cudaStreamCreate' is passed to 'cudaConfigureCall' after it was released}}
}

void kernel_after_free(int n)
{
	float *d;
	if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess)
		return;
	cudaFree(d);
	scale<<<1, 256>>>(d, n, 2.0f); // expect-error[MOJO-OWN-103] {{'d' from 'cudaMalloc' is passed to 'scale' after it was released}}
}

// A Python entry point that launches: NULL with an exception set, the
// buffer kept.
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
	if (err != cudaSuccess) {
		PyErr_SetString(PyExc_RuntimeError, cudaGetErrorString(err));
		return NULL; // expect-warning[MOJO-OWN-105] {{'d'}}
	}
	cudaFree(d);
	Py_RETURN_NONE;
}
