// ARGS: --rules rules/examples/mojo_tensor.json
// MOJO-OWN-103, 104, 109, 111 and MOJO-BOR-201 for a user kind, correct
// code.
// expect-no-diagnostics
#include <Python.h>
#include "mojo_runtime.h"

size_t size_then_destroy(size_t n)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	if (!t)
		return 0;
	size_t s = mojo_tensor_size(t);
	mojo_tensor_destroy(t);
	return s;
}

void destroy_once(size_t n, int fail)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	if (!t)
		return;
	if (!fail)
		mojo_tensor_data(t)[0] = 0;
	mojo_tensor_destroy(t);
}

float first(size_t n)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	if (t == NULL)
		return 0;
	float v = mojo_tensor_data(t)[0];
	mojo_tensor_destroy(t);
	return v;
}

float read_then_destroy(size_t n)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	if (!t)
		return 0;
	float *d = mojo_tensor_data(t);
	float v = d[0];
	mojo_tensor_destroy(t);
	return v;
}

// mojo_tensor_destroy(NULL) is allowed (release_null_ok).
void destroy_unchecked(size_t n)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	mojo_tensor_destroy(t);
}

void view_then_tensor(size_t n)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	if (!t)
		return;
	mojo_tensor *v = mojo_tensor_view(t, 0, n);
	mojo_tensor_view_release(v);
	mojo_tensor_destroy(t);
}

// A 'release' argument after the NULL test.
int drop_checked(size_t n, void *stream)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	if (t == NULL)
		return -1;
	return mojo_tensor_destroy_async(t, stream);
}
