// Checks that throw (issue #26), misused: the check passes on the path
// that goes on, and what the function holds when it throws leaks.
#include <Python.h>
#include <cuda_runtime.h>
#include <stdexcept>

static void check(cudaError_t e, const char *what)
{
	if (e != cudaSuccess)
		throw std::runtime_error(what);
}

#define CHECK()                                                                \
	do {                                                                   \
		if (PyErr_Occurred())                                          \
			throw std::runtime_error("python error");              \
	} while (0)

// The allocation is checked, then never freed.
int device_buffer_leaked(size_t n)
{
	float *p;
	check(cudaMalloc((void **)&p, n), "cudaMalloc");
	return 0; // expect-warning[MOJO-OWN-101] {{CUDA resource 'p' from 'cudaMalloc' is never released}}
}

// The second check throws with the first allocation still held.
int second_check_throws(size_t n)
{
	float *p, *q;
	check(cudaMalloc((void **)&p, n), "cudaMalloc");
	check(cudaMalloc((void **)&q, n), "cudaMalloc"); // expect-warning[MOJO-OWN-105] {{CUDA resource 'p' from 'cudaMalloc' is leaked when the exception leaves 'second_check_throws'}}
	cudaFree(q);
	cudaFree(p);
	return 0;
}

// PyErr_Occurred() after the second allocation: the first leaks when it
// fails.
PyObject *pair(long a, long b)
{
	PyObject *x = PyLong_FromLong(a);
	CHECK();
	PyObject *y = PyLong_FromLong(b);
	CHECK(); // expect-warning[MOJO-OWN-105] {{new reference 'x' from 'PyLong_FromLong' is leaked when the exception leaves 'pair'}}
	PyObject *t = PyTuple_Pack(2, x, y);
	Py_DECREF(x);
	Py_DECREF(y);
	return t;
}
