/*
 * vector_functions.h — part of mojo-ownlint's CUDA declarations (no toolkit found):
 * everything is in cuda_runtime_api.h.
 */
#include "cuda_runtime_api.h"
