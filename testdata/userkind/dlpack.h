/*
 * dlpack.h — DLPack's exchange structs (testdata/include/dlpack/dlpack.h)
 * plus the producer functions of the example runtime the userkind cases
 * use (see rules/examples/dlpack.json).
 */
#ifndef DLPACK_USERKIND_H
#define DLPACK_USERKIND_H
#include <dlpack/dlpack.h>

/* The example runtime's producer and its release helper. */
DLManagedTensor *mojo_tensor_to_dlpack(void *tensor);
void dlpack_release(DLManagedTensor *t);
#endif
