/*
 * dlpack.c — the `dlpack` kind: DLPack tensors (DLManagedTensor and
 * DLManagedTensorVersioned) handed across the Python bridge in capsules
 * (issue 12). Built in: no rules file is needed.
 *
 * The protocol (https://dmlc.github.io/dlpack/latest/python_spec.html):
 * an exporter's __dlpack__ returns a capsule named "dltensor"
 * ("dltensor_versioned") holding the tensor, whose destructor calls the
 * tensor's `deleter` only while the capsule keeps that name; a consumer
 * takes the tensor with PyCapsule_GetPointer, renames the capsule
 * "used_dltensor" ("used_dltensor_versioned") so that the capsule never
 * calls `deleter`, and from then on calls `deleter` exactly once itself.
 *
 *   PyCapsule_GetPointer(cap, "dltensor") --> borrowed from the capsule
 *   borrowed --PyCapsule_SetName(cap, "used_dltensor") or
 *       PyCapsule_SetDestructor(cap, NULL)--> owned by this function
 *       (escaped, when it was already stored in its new owner)
 *   borrowed --m->deleter(m)--> [MOJO-OWN-106] (the capsule calls it again)
 *   borrowed --stored in a field or global, no rename by the path's
 *       end--> [MOJO-BOR-202] (the capsule's destructor frees it under
 *       its new owner)
 *   borrowed --the capsule's last reference dropped--> released (its
 *       destructor called `deleter`): m->dl_tensor.data, m->manager_ctx
 *       read before and used after --> [MOJO-BOR-201]
 *   owned --m->deleter(m)--> released;  --again--> [MOJO-OWN-103/104]
 *   owned --path ends--> [MOJO-OWN-101 / 105] (`deleter` never called)
 *   released --m->manager_ctx, m->dl_tensor--> [MOJO-OWN-103];
 *       parts read before and used after --> [MOJO-BOR-201]
 *   m->deleter tested NULL --> nothing to release (the spec allows a
 *       NULL deleter)
 *   a function returning DLManagedTensor* that the analysis does not
 *       know (a producer: at::toDLPack) --> owned
 *
 * `m->deleter(m)` is the entry "DLManagedTensor.deleter" (rules/dlpack.json,
 * `own_deleter`): it releases a tensor of any kind, so an exporter's
 * malloc'd tensor passed to its own deleter is no mismatch. The exporter's
 * side, a tensor handed to a capsule whose destructor calls `deleter`, is
 * sm/capsule.c's. Rule IDs are the existing ones: a deleter on a tensor
 * the capsule
 * still owns releases what this function does not own (106); a tensor
 * kept without renaming is a borrow that escapes (202).
 */
#include "sm.h"
#include "../engine/engine_int.h"

#include <string.h>

// "dltensor" or "dltensor_versioned": a capsule holding a tensor for its
// consumer.
static bool exported_name(const char *n)
{
	return n && (!strcmp(n, "dltensor") ||
		     !strcmp(n, "dltensor_versioned"));
}

// The managed tensor structs: DLPack's own, and the copies bindings
// declare (nanobind's managed_dltensor).
static bool tensor_type(const ol_type *t)
{
	static const char *const names[] = {
		"DLManagedTensor", "DLManagedTensorVersioned",
		"managed_dltensor", "managed_dltensor_versioned",
	};
	const char *p = t->cls == OL_TY_POINTER ? t->pointee : NULL;
	if (!p)
		return false;
	const char *sep = strrchr(p, ':'); // nanobind::detail::managed_...
	if (sep)
		p = sep + 1;
	else if (!strncmp(p, "struct ", 7))
		p += 7;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(p, names[i]))
			return true;
	return false;
}

static const char *cap_label(ctx *c, const sym *cap)
{
	if (cap && cap->name)
		return ol_arena_printf(c->a, "'%s'", cap->name);
	return "it was read from";
}

// borrowed --deleter--> [MOJO-OWN-106]; owned --deleter--> released.
static void dlpack_release(ctx *c, state *s, int i, const char *api,
			   ol_loc loc, bool null_ok)
{
	sym *y = &s->syms[i];
	if (y->rs == R_BORROWED && y->cap_role == CAP_TENSOR) {
		const sym *cap = y->owner >= 0 ? &s->syms[y->owner] : NULL;
		report(c, OL_CHECK_OWN_REL_BORROWED, y, loc,
		       ol_arena_printf(c->a, "%s is released by '%s' but "
				       "capsule %s still owns it: its "
				       "destructor calls 'deleter' again; "
				       "rename the capsule 'used_%s' first",
				       describe(c, y), api, cap_label(c, cap),
				       y->cap_name ? y->cap_name : "dltensor"),
		       ol_arena_printf(c->a, "released here by '%s'", api));
		y->rs = R_STOP;
		return;
	}
	release_owned(c, s, i, api, loc, null_ok);
}

// m->dl_tensor, m->dl_tensor.data, m->manager_ctx, m->deleter: parts of
// the tensor, dangling once it is released (MOJO-BOR-201).
static void dlpack_member_read(ctx *c, state *s, const ol_expr *e, int rb,
			       int r)
{
	const sym *b = &s->syms[rb];
	int t = b->cap_role == CAP_PART && b->owner >= 0 ? b->owner : rb;
	sym *y = &s->syms[r];
	if (!e->text)
		return;
	if (!strcmp(e->text, "deleter")) {
		y->cap_role = CAP_DELETER;
		y->owner = t;
		return;
	}
	if (e->type.cls != OL_TY_POINTER && e->type.cls != OL_TY_RECORD)
		return; // ndim, dtype, flags: plain values
	y->cap_role = CAP_PART;
	y->owner = t;
	if (e->type.cls == OL_TY_RECORD)
		y->kind = OL_SM_DLPACK; // m->dl_tensor: its fields are parts
	const sym *ty = &s->syms[t];
	y->acq_name = ol_arena_printf(c->a, "%s%s%s",
				      ty->name ? ty->name : "tensor",
				      b->cap_role == CAP_PART ? "->dl_tensor."
							      : "->",
				      e->text);
	y->name = NULL;
}

// The tensor is taken from its capsule: the consumer owns it now (or the
// owner it was stored in, before the rename, does). A failed rename (its
// result `ret` tested negative) takes nothing: see dlpack_refine.
static void take_from_capsule(ctx *c, state *s, int cap,
			      const ol_kb_entry *ent, int ret, ol_loc loc)
{
	const char *api = ent->name;
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (y->cap_role != CAP_TENSOR || y->owner != cap ||
		    y->rs != R_BORROWED)
			continue;
		y->owner = -1;
		y->refs = 1;
		y->rs = y->owe_ev ? R_ESCAPED : R_OWNED;
		y->owe_ev = NULL;
		y->acq_ev = c->h = hist_add(
			c, c->h, loc,
			ol_arena_printf(c->a, "taken over from its capsule by "
					"'%s' here: its 'deleter' is this "
					"function's to call", api));
		if (y->rs == R_OWNED && ret >= 0 && ret != (int)i) {
			s->syms[ret].cap_role = CAP_TAKE;
			s->syms[ret].owner = (int)i;
		}
	}
}

// MOJO-BOR-202: a borrowed tensor was kept (stored) but its capsule was
// never renamed; reported at the store.
static void report_kept(ctx *c, state *s, sym *y)
{
	const sym *cap = y->owner >= 0 ? &s->syms[y->owner] : NULL;
	const char *msg = ol_arena_printf(
		c->a, "%s is kept but capsule %s is never renamed 'used_%s': "
		"its destructor calls 'deleter' while the tensor is in use",
		describe(c, y), cap_label(c, cap),
		y->cap_name ? y->cap_name : "dltensor");
	report_step(c, OL_CHECK_BOR_ESCAPES, y, y->owe_ev, msg,
		    "kept here without taking it from the capsule");
	y->owe_ev = NULL;
}

// The capsule `cap` lost its last reference while it still owned the
// tensors borrowed from it: its destructor called their `deleter`.
static void capsule_died(ctx *c, state *s, int cap, const char *api,
			 ol_loc loc)
{
	const hist *ev = NULL;
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (y->cap_role != CAP_TENSOR || y->owner != cap ||
		    y->rs != R_BORROWED)
			continue;
		if (y->owe_ev)
			report_kept(c, s, y);
		if (!ev)
			ev = hist_add(c, c->h, loc,
				      ol_arena_printf(c->a, "'%s' drops the "
						      "last reference to the "
						      "'%s' capsule: its "
						      "destructor calls "
						      "'deleter'", api,
						      y->cap_name));
		y->rs = R_RELEASED;
		y->owner = -1;
		y->rel_ev = c->h = ev;
	}
}

static bool releases(ol_kb_effect eff)
{
	return eff == OL_KB_ARG_RELEASE || eff == OL_KB_ARG_RELEASE_NULL_OK ||
	       eff == OL_KB_ARG_CLEAR;
}

// Py_DECREF(cap) of a "dltensor" capsule a tensor was borrowed from.
static void dlpack_after_args(ctx *c, state *s, const ol_expr *e,
			      const ol_kb_entry *ent, const int *args)
{
	if (!ent)
		return;
	for (unsigned k = 0; k < e->nargs; k++) {
		int r = sym_root(s, args[k]);
		if (r >= 0 && releases(ol_kb_arg_effect(ent, k)) &&
		    s->syms[r].rs == R_RELEASED && !s->syms[r].held_elsewhere)
			capsule_died(c, s, r, ent->name, e->loc);
	}
}

static bool is_api(const ol_kb_entry *ent, const char *name)
{
	return ent && !strcmp(ent->family, "cpython") &&
	       !strcmp(ent->name, name);
}

static void dlpack_after_call(ctx *c, state *s, const ol_expr *e,
			      const ol_kb_entry *ent, const int *args,
			      unsigned nargs, int ret, const int *acq,
			      unsigned nacq)
{
	(void)acq;
	(void)nacq;
	int cap = nargs ? sym_root(s, args[0]) : -1;
	if (is_api(ent, "PyCapsule_GetPointer") && ret >= 0 && cap >= 0 &&
	    nargs >= 2 && e->args[1]->kind == OL_E_STRING &&
	    exported_name(e->args[1]->text) &&
	    s->syms[ret].cap_role == CAP_NONE && s->syms[ret].base < 0) {
		// A consumer's view of an exported tensor: the capsule's.
		sym *y = &s->syms[ret];
		y->kind = OL_SM_DLPACK;
		y->rs = R_BORROWED;
		y->cap_role = CAP_TENSOR;
		y->cap_name = e->args[1]->text;
		y->owner = cap;
		y->acq_name = "PyCapsule_GetPointer";
		y->acq_ev = c->h = hist_add(
			c, c->h, e->loc,
			ol_arena_printf(c->a, "DLPack tensor borrowed here "
					"from a '%s' capsule", y->cap_name));
		return;
	}
	if ((is_api(ent, "PyCapsule_SetName") && nargs >= 2 &&
	     !(e->args[1]->kind == OL_E_STRING &&
	       exported_name(e->args[1]->text))) ||
	    (is_api(ent, "PyCapsule_SetDestructor") && nargs >= 2 &&
	     (e->args[1]->kind == OL_E_NULL ||
	      (e->args[1]->kind == OL_E_INT && e->args[1]->ival == 0)))) {
		if (cap >= 0)
			take_from_capsule(c, s, cap, ent, ret, e->loc);
		return;
	}
	// A producer: DLPack's convention is that a returned managed tensor
	// is the caller's to delete. A function the analysis does not know,
	// or one of this file that returned a resource it acquired (owned,
	// or handed to code we do not follow on the way); not an accessor
	// returning what it read from a field.
	const summary *sm = ent && !strcmp(ent->family, "summary")
				    ? summary_of(c, e->text) : NULL;
	// (Free functions only: a member function, C++ `mt->` through a
	// smart pointer's operator-> or `ptr.release()`, returns what its
	// object holds.)
	if ((!ent || (sm && (sm->ret_owned || sm->ret_borrowed))) &&
	    e->text && !e->fn && !e->method &&
	    ret >= 0 &&
	    tensor_type(&e->type) && s->syms[ret].kind < 0) {
		sym *y = &s->syms[ret];
		y->kind = OL_SM_DLPACK;
		y->rs = R_OWNED;
		y->refs = 1;
		y->foreign_mem = false;
		y->acq_name = e->text ? e->text : "(indirect call)";
		y->acq_ev = c->h = hist_add(
			c, c->h, e->loc,
			ol_arena_printf(c->a, "DLPack tensor returned here by "
					"'%s' (its 'deleter' is the caller's "
					"to call)", y->acq_name));
	}
}

// `if (m->deleter)` false: the tensor has nothing to release. A rename
// that failed (CPython's status: not 0) took nothing: the tensor is
// forgotten on that path.
static void dlpack_refine(ctx *c, state *s, int i)
{
	(void)c;
	const sym *d = &s->syms[i];
	if (d->cap_role == CAP_TAKE && !(d->signs & S_ZERO) && d->owner >= 0) {
		sym *t = &s->syms[d->owner];
		if (t->kind == OL_SM_DLPACK && t->rs == R_OWNED) {
			t->rs = R_NONE;
			t->kind = -1;
		}
		return;
	}
	if (d->cap_role != CAP_DELETER || d->signs != S_ZERO || d->owner < 0)
		return;
	sym *t = &s->syms[d->owner];
	if (t->kind == OL_SM_DLPACK && t->rs == R_OWNED)
		t->rs = R_ESCAPED;
}

// A borrowed tensor stored where it outlives this call: fine once the
// capsule is renamed, MOJO-BOR-202 at the path's end otherwise.
static void dlpack_store(ctx *c, state *s, int v, ol_loc loc,
			 const ol_expr *lhs)
{
	(void)lhs;
	sym *y = &s->syms[sym_root(s, v)];
	if (y->rs == R_BORROWED && y->cap_role == CAP_TENSOR && !y->owe_ev)
		y->owe_ev = hist_add(c, c->h, loc, "the tensor is kept here");
}

static void dlpack_exit(ctx *c, state *s)
{
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (y->rs == R_BORROWED && y->cap_role == CAP_TENSOR &&
		    y->owe_ev)
			report_kept(c, s, y);
	}
}

const ol_sm ol_sm_dlpack = {
	.kind = "dlpack",
	.noun = "DLPack tensor",
	// A tensor handed to code we do not know may be kept there (a
	// wrapper object's constructor): tracking stops.
	.escape_on_unknown_call = true,
	.on_release = dlpack_release,
	.on_member_read = dlpack_member_read,
	.on_store = dlpack_store,
	.after_args = dlpack_after_args,
	.after_call = dlpack_after_call,
	.on_refine = dlpack_refine,
	.on_exit = dlpack_exit,
};
