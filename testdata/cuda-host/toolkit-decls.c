/* Parses only with the tool's own CUDA declarations (run-toolkit-test.py). */
#include <cuda_runtime.h>
#ifndef OWNLINT_CUDA_DECLS
#error "a CUDA toolkit's headers were used"
#endif
int toolkit_decls(void)
{
	return cudaDeviceSynchronize() == cudaSuccess ? 0 : -1;
}
