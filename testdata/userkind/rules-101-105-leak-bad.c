// ARGS: --rules rules/examples/mojo_tensor.json
// MOJO-OWN-101 and 105 for a user kind declared in a rules file.
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
	return PyFloat_FromDouble(s); // expect-warning[MOJO-OWN-101] {{mojo_tensor resource 't' from 'mojo_tensor_create' is never released}}
}

int copy_checked(const mojo_tensor *src, size_t limit)
{
	mojo_tensor *c = mojo_tensor_clone(src);
	if (!c)
		return -1;
	if (mojo_tensor_size(c) > limit) {
		PyErr_SetString(PyExc_ValueError, "tensor too large");
		return -1; // expect-warning[MOJO-OWN-105] {{'c' from 'mojo_tensor_clone' is leaked on the error exit}}
	}
	mojo_tensor_destroy(c);
	return 0;
}

// acquire_out: a file handle from mojo_tensor_open, leaked through goto.
int load(const char *path, mojo_tensor *into)
{
	mojo_tensor_file *f;
	if (mojo_tensor_open(&f, path) != MOJO_OK)
		goto fail;
	if (mojo_tensor_read(f, into) != MOJO_OK)
		goto fail;
	mojo_tensor_close(f);
	return 0;
fail:
	return -1; // expect-warning[MOJO-OWN-105] {{'f' from 'mojo_tensor_open'}}
}

void scratch(size_t n)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	if (t != NULL)
		mojo_tensor_data(t)[0] = 1.0f;
} // expect-warning[MOJO-OWN-101] {{'t'}}

// The only handle overwritten.
void overwrite(size_t n)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	t = mojo_tensor_create(&n, 1); // expect-warning[MOJO-OWN-101] {{'t'}}
	mojo_tensor_destroy(t);
}
