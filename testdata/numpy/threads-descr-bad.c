/*
 * As threads-descr-good.c, but the GIL is taken back under the test of
 * another descriptor's flags: when the first needs no API and the second
 * does, the thread state is never restored.
 */
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

extern void kernel(void *data, npy_intp n);

int work(PyArrayObject *a, PyArrayObject *b)
{
	NPY_BEGIN_THREADS_DEF;
	NPY_BEGIN_THREADS_DESCR(PyArray_DESCR(a));
	kernel(PyArray_DATA(a), PyArray_SIZE(a));
	NPY_END_THREADS_DESCR(PyArray_DESCR(b));
	return 0; // expect-warning[MOJO-OWN-101] {{thread state (GIL released) '_save' from 'PyEval_SaveThread' is never released}}
}
