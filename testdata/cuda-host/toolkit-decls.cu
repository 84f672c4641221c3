/* Parses only with the tool's own CUDA declarations (run-toolkit-test.py). */
#ifndef OWNLINT_CUDA_DECLS
#error "a CUDA toolkit's headers were used"
#endif
__global__ void touch(int *p)
{
	p[threadIdx.x] = blockIdx.x;
}
int toolkit_decls(int *d)
{
	touch<<<1, 32>>>(d);
	return cudaGetLastError() == cudaSuccess ? 0 : -1;
}
