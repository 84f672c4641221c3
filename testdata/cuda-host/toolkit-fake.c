/* Parses only with the fake toolkit run-toolkit-test.py makes. */
#include <cuda_runtime.h>
#ifndef OWNLINT_FAKE_TOOLKIT
#error "the fake CUDA toolkit was not used"
#endif
int toolkit_fake(void)
{
	return fake_toolkit_call();
}
