// ARGS: --rules rules/examples/mojo_tensor.json
// MOJO-OWN-103, 104, 109, 111 and MOJO-BOR-201 for a user kind declared in
// a rules file.
#include <Python.h>
#include "mojo_runtime.h"
#include <stdlib.h>
#include <string.h>

size_t size_after_destroy(size_t n)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	if (!t)
		return 0;
	mojo_tensor_destroy(t);
	return mojo_tensor_size(t); // expect-error[MOJO-OWN-103] {{mojo_tensor resource 't' from 'mojo_tensor_create' is passed to 'mojo_tensor_size' after it was released}}
}

int clone_after_destroy(mojo_tensor **out, size_t n)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	if (!t)
		return -1;
	mojo_tensor_destroy(t);
	*out = mojo_tensor_clone(t); // expect-error[MOJO-OWN-103] {{'t'}}
	return *out ? 0 : -1;
}

void destroy_twice_on_error(size_t n, int fail)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	if (!t)
		return;
	if (fail) {
		mojo_tensor_destroy(t);
		goto out;
	}
	mojo_tensor_data(t)[0] = 0;
out:
	mojo_tensor_destroy(t); // expect-error[MOJO-OWN-104] {{mojo_tensor resource 't' from 'mojo_tensor_create' is released twice}}
}

void close_twice(const char *path)
{
	mojo_tensor_file *f;
	if (mojo_tensor_open(&f, path) != MOJO_OK)
		return;
	mojo_tensor_close(f);
	mojo_tensor_close(f); // expect-error[MOJO-OWN-104] {{'f'}}
}

// mojo_tensor_create returns NULL on failure.
float first(size_t n)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	float *d = mojo_tensor_data(t); // expect-warning[MOJO-OWN-109] {{'t'}} xfail(#4): a NULL passed to a 'borrow' argument is not a use for 109 (only dereferences and non-NULL releases)
	float v = d[0];
	mojo_tensor_destroy(t);
	return v;
}

// Released with the runtime's other function.
void destroy_with_close(size_t n)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	if (!t)
		return;
	mojo_tensor_close((mojo_tensor_file *)t); // expect-error[MOJO-OWN-111] {{use 'mojo_tensor_destroy'}} xfail(#4): a release by another kind of the same rules file (family) is taken as related, like a TSS key and its storage: only releases across families are MOJO-OWN-111
} // expect-warning[MOJO-OWN-101] {{'t'}}

// A view released as if it were a tensor, and the other way round.
void view_destroyed(mojo_tensor *t)
{
	mojo_tensor *v = mojo_tensor_view(t, 0, 16);
	if (!v)
		return;
	mojo_tensor_destroy(v); // expect-error[MOJO-OWN-111] {{released with 'mojo_tensor_destroy'; use 'mojo_tensor_view_release'}}
}

void tensor_view_released(size_t n)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	if (!t)
		return;
	mojo_tensor_view_release(t); // expect-error[MOJO-OWN-111] {{use 'mojo_tensor_destroy'}}
}

// The data pointer is a borrow of the tensor.
float read_after_destroy(size_t n)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	if (!t)
		return 0;
	float *d = mojo_tensor_data(t);
	mojo_tensor_destroy(t);
	return d[0]; // expect-error[MOJO-BOR-201] {{'d' is dereferenced after its owner mojo_tensor resource 't' from 'mojo_tensor_create' was released}}
}

void write_after_async_destroy(size_t n, void *stream)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	if (!t)
		return;
	float *d = mojo_tensor_data(t);
	if (mojo_tensor_destroy_async(t, stream) != MOJO_OK)
		return; // ok: destroy_async consumes the tensor even when it fails
	d[0] = 1.0f; // expect-error[MOJO-BOR-201] {{'d'}}
}

// mojo_tensor_destroy_async requires a tensor (effect 'release', not
// 'release_null_ok').
int drop_unchecked(size_t n, void *stream)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	return mojo_tensor_destroy_async(t, stream); // expect-warning[MOJO-OWN-109] {{mojo_tensor resource 't' from 'mojo_tensor_create' is passed to 'mojo_tensor_destroy_async' before it is checked for NULL}}
}

// The data pointer passed on after the tensor is gone.
void copy_after_destroy(size_t n, float *out)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	if (!t)
		return;
	float *d = mojo_tensor_data(t);
	mojo_tensor_destroy(t);
	memcpy(out, d, n * sizeof(float)); // expect-error[MOJO-BOR-201] {{'d' is passed to 'memcpy' after its owner}}
}

// A tensor released by libc's free: another family's release.
void tensor_freed(size_t n)
{
	mojo_tensor *t = mojo_tensor_create(&n, 1);
	if (!t)
		return;
	free(t); // expect-error[MOJO-OWN-111] {{'free'}}
}
