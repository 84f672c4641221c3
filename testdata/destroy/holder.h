// A C library's setter the tool has no entry for, and the project's own
// holder of a pointer and its destructor (testdata/destroy/handwritten-*):
// both take a `void *` followed by a destroy function's parameter.
#ifndef OWNLINT_TEST_HOLDER_H
#define OWNLINT_TEST_HOLDER_H

typedef struct lib_ctx lib_ctx;
void lib_set(lib_ctx *ctx, void *data, void (*destroy)(void *));

typedef struct holder {
	void *data;
	void (*free_data)(void *);
} holder;

// Releases what it held, keeps the new pointer and its destructor.
static inline void holder_set(holder *h, void *data,
			      void (*free_data)(void *))
{
	if (h->free_data)
		h->free_data(h->data);
	h->data = data;
	h->free_data = free_data;
}

#endif
