// From libkdumpfile (ptesarik/libkdumpfile) python/addrxlat.c,
// install_cb_hook and cb_hook, at the parent of commit 901d93f ("python:
// fix use-after-free with addrxlat.Context callbacks",
// https://github.com/ptesarik/libkdumpfile/pull/22): the Context object is
// installed as the C library's callback data without a reference; once
// Python drops the Context, the library's next callback reads freed
// memory. The fix takes a reference in install_cb_hook and drops it in
// cb_hook. addrxlat's types are declared, not included; the two functions
// are verbatim; the _fixed ones are as the fix left them.
#include <Python.h>

typedef struct _addrxlat_ctx addrxlat_ctx_t;
typedef struct _addrxlat_cb addrxlat_cb_t;
typedef void addrxlat_cb_hook_fn(void *data, addrxlat_cb_t *cb);
typedef int addrxlat_status;
typedef addrxlat_status addrxlat_sym_fn(void *data, void *sym);
typedef addrxlat_status addrxlat_read32_fn(void *data, const void *addr,
					   unsigned *val);
typedef addrxlat_status addrxlat_read64_fn(void *data, const void *addr,
					   unsigned long long *val);
struct _addrxlat_cb {
	void *data;
	addrxlat_cb_hook_fn *cb_hook;
	addrxlat_sym_fn *sym;
	addrxlat_read32_fn *read32;
	addrxlat_read64_fn *read64;
};

typedef struct tag_ctx_object {
	PyObject_HEAD

	addrxlat_ctx_t *ctx;
	addrxlat_cb_t next_cb;

	PyObject *exc_type, *exc_val, *exc_tb;

	PyObject *convert;
} ctx_object;

addrxlat_status cb_sym(void *data, void *sym);
addrxlat_status cb_read32(void *data, const void *addr, unsigned *val);
addrxlat_status cb_read64(void *data, const void *addr,
			  unsigned long long *val);

static void cb_hook(void *_self, addrxlat_cb_t *cb);

void
install_cb_hook(ctx_object *self, addrxlat_cb_t *cb)
{
	self->next_cb = *cb;

	cb->data = self; // expect-warning[MOJO-BOR-202] {{borrowed reference 'self' is stored without taking a reference}}
	cb->cb_hook = cb_hook;
	cb->sym = cb_sym;
	cb->read32 = cb_read32;
	cb->read64 = cb_read64;
}

static void
cb_hook(void *_self, addrxlat_cb_t *cb)
{
	ctx_object *self = (ctx_object*)_self;

	if (self->next_cb.cb_hook)
		self->next_cb.cb_hook(self->next_cb.data, cb);

	if (self->ctx)
		install_cb_hook(self, cb);
}

static void cb_hook_fixed(void *_self, addrxlat_cb_t *cb);

void
install_cb_hook_fixed(ctx_object *self, addrxlat_cb_t *cb)
{
	self->next_cb = *cb;

	cb->data = self;
	cb->cb_hook = cb_hook_fixed;
	cb->sym = cb_sym;
	cb->read32 = cb_read32;
	cb->read64 = cb_read64;

	Py_INCREF((PyObject *)self);
}

static void
cb_hook_fixed(void *_self, addrxlat_cb_t *cb)
{
	ctx_object *self = (ctx_object*)_self;

	if (self->next_cb.cb_hook)
		self->next_cb.cb_hook(self->next_cb.data, cb);

	if (self->ctx)
		install_cb_hook_fixed(self, cb);

	Py_DECREF((PyObject *)self);
}

addrxlat_cb_hook_fn *ctx_cb_hook(void) { return cb_hook; }
addrxlat_cb_hook_fn *ctx_cb_hook_fixed(void) { return cb_hook_fixed; }
