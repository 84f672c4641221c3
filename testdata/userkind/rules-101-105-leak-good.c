// ARGS: --rules rules/examples/mojo_tensor.json
// MOJO-OWN-101 and 105 for a user kind, correct code.
// expect-no-diagnostics
#include <Python.h>
#include "mojo_runtime.h"

PyObject *tensor_sum(PyObject *self, PyObject *arg)
{
	(void)self;
	size_t n = (size_t)PyLong_AsSsize_t(arg);
	if (n == (size_t)-1 && PyErr_Occurred())
		return NULL;
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	if (t == NULL)
		return PyErr_NoMemory();
	float *d = mojo_tensor_data(t);
	double s = 0;
	for (size_t i = 0; i < n; i++)
		s += d[i];
	mojo_tensor_destroy(t);
	return PyFloat_FromDouble(s);
}

int copy_checked(const mojo_tensor *src, size_t limit)
{
	int rc = -1;
	mojo_tensor *c = mojo_tensor_clone(src);
	if (!c)
		return -1;
	if (mojo_tensor_size(c) > limit) {
		PyErr_SetString(PyExc_ValueError, "tensor too large");
		goto out;
	}
	rc = 0;
out:
	mojo_tensor_destroy(c);
	return rc;
}

int load(const char *path, mojo_tensor *into)
{
	mojo_tensor_file *f;
	int rc = -1;
	if (mojo_tensor_open(&f, path) != MOJO_OK)
		return -1;
	if (mojo_tensor_read(f, into) == MOJO_OK)
		rc = 0;
	mojo_tensor_close(f);
	return rc;
}

// Returned to the caller, who owns it; or released asynchronously.
mojo_tensor *make(size_t n)
{
	return mojo_tensor_create(&n, 1);
}

int drop_async(size_t n, void *stream)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	if (!t)
		return -1;
	return mojo_tensor_destroy_async(t, stream);
}
