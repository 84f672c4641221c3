/*
 * cuComplex.h — mojo-ownlint's stand-in for CUDA's complex-number helpers
 * (used only when no CUDA toolkit is found; see cuda_runtime_api.h): the
 * two types and the inline functions host code commonly calls, enough to
 * parse it. No resource here; the arithmetic is not what the tool checks.
 */
#ifndef OWNLINT_CU_COMPLEX_H
#define OWNLINT_CU_COMPLEX_H
#include "cuda_runtime_api.h"
#include <math.h>

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

#ifdef __cplusplus
#define OWNLINT_CU_CPLX static inline __host__ __device__
#else
#define OWNLINT_CU_CPLX static inline
#endif

OWNLINT_CU_CPLX float cuCrealf(cuFloatComplex x) { return x.x; }
OWNLINT_CU_CPLX float cuCimagf(cuFloatComplex x) { return x.y; }
OWNLINT_CU_CPLX cuFloatComplex make_cuFloatComplex(float r, float i)
{
	cuFloatComplex z = {r, i};
	return z;
}
OWNLINT_CU_CPLX cuFloatComplex make_cuComplex(float r, float i)
{
	return make_cuFloatComplex(r, i);
}
OWNLINT_CU_CPLX cuFloatComplex cuConjf(cuFloatComplex x)
{
	return make_cuFloatComplex(x.x, -x.y);
}
OWNLINT_CU_CPLX cuFloatComplex cuCaddf(cuFloatComplex a, cuFloatComplex b)
{
	return make_cuFloatComplex(a.x + b.x, a.y + b.y);
}
OWNLINT_CU_CPLX cuFloatComplex cuCsubf(cuFloatComplex a, cuFloatComplex b)
{
	return make_cuFloatComplex(a.x - b.x, a.y - b.y);
}
OWNLINT_CU_CPLX cuFloatComplex cuCmulf(cuFloatComplex a, cuFloatComplex b)
{
	return make_cuFloatComplex(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}
OWNLINT_CU_CPLX cuFloatComplex cuCdivf(cuFloatComplex a, cuFloatComplex b)
{
	float d = b.x * b.x + b.y * b.y;
	return make_cuFloatComplex((a.x * b.x + a.y * b.y) / d,
				   (a.y * b.x - a.x * b.y) / d);
}
OWNLINT_CU_CPLX float cuCabsf(cuFloatComplex x)
{
	return sqrtf(x.x * x.x + x.y * x.y);
}

OWNLINT_CU_CPLX double cuCreal(cuDoubleComplex x) { return x.x; }
OWNLINT_CU_CPLX double cuCimag(cuDoubleComplex x) { return x.y; }
OWNLINT_CU_CPLX cuDoubleComplex make_cuDoubleComplex(double r, double i)
{
	cuDoubleComplex z = {r, i};
	return z;
}
OWNLINT_CU_CPLX cuDoubleComplex cuConj(cuDoubleComplex x)
{
	return make_cuDoubleComplex(x.x, -x.y);
}
OWNLINT_CU_CPLX cuDoubleComplex cuCadd(cuDoubleComplex a, cuDoubleComplex b)
{
	return make_cuDoubleComplex(a.x + b.x, a.y + b.y);
}
OWNLINT_CU_CPLX cuDoubleComplex cuCsub(cuDoubleComplex a, cuDoubleComplex b)
{
	return make_cuDoubleComplex(a.x - b.x, a.y - b.y);
}
OWNLINT_CU_CPLX cuDoubleComplex cuCmul(cuDoubleComplex a, cuDoubleComplex b)
{
	return make_cuDoubleComplex(a.x * b.x - a.y * b.y,
				    a.x * b.y + a.y * b.x);
}
OWNLINT_CU_CPLX cuDoubleComplex cuCdiv(cuDoubleComplex a, cuDoubleComplex b)
{
	double d = b.x * b.x + b.y * b.y;
	return make_cuDoubleComplex((a.x * b.x + a.y * b.y) / d,
				    (a.y * b.x - a.x * b.y) / d);
}
OWNLINT_CU_CPLX double cuCabs(cuDoubleComplex x)
{
	return sqrt(x.x * x.x + x.y * x.y);
}
OWNLINT_CU_CPLX cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c)
{
	return make_cuDoubleComplex(c.x, c.y);
}
OWNLINT_CU_CPLX cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c)
{
	return make_cuFloatComplex((float)c.x, (float)c.y);
}

#endif
