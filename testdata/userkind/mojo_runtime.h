/*
 * mojo_runtime.h — the C API of a Mojo-style tensor runtime, as the
 * userkind cases use it. Its ownership is declared in
 * rules/examples/mojo_tensor.json (passed with --rules), not here.
 */
#ifndef MOJO_RUNTIME_H
#define MOJO_RUNTIME_H
#include <stddef.h>

#define MOJO_OK 0
typedef struct mojo_tensor mojo_tensor;
typedef struct mojo_tensor_file mojo_tensor_file;

mojo_tensor *mojo_tensor_create(const size_t *shape, int ndim);
mojo_tensor *mojo_tensor_clone(const mojo_tensor *t);
void mojo_tensor_destroy(mojo_tensor *t);
int mojo_tensor_destroy_async(mojo_tensor *t, void *stream);
float *mojo_tensor_data(mojo_tensor *t);
size_t mojo_tensor_size(const mojo_tensor *t);
int mojo_tensor_open(mojo_tensor_file **f, const char *path);
void mojo_tensor_close(mojo_tensor_file *f);
int mojo_tensor_read(mojo_tensor_file *f, mojo_tensor *into);
mojo_tensor *mojo_tensor_view(mojo_tensor *t, size_t offset, size_t len);
void mojo_tensor_view_release(mojo_tensor *view);

#endif
