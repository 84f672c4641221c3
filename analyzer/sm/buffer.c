/*
 * buffer.c — the `buffer` kind: Py_buffer views.
 *
 *   (untracked) --PyObject_GetBuffer(o, &view, f) == 0--> held
 *   (untracked) --PyArg_ParseTuple(args, "y*", &view) true--> held
 *   held --PyBuffer_Release(&view)--> released (what was known of the
 *     view's fields is forgotten: view.obj is NULL now)
 *   held --return / goto error--> [MOJO-OWN-101 / 105]
 *   released --PyBuffer_Release(&view)--> released (a no-op: the first
 *     release set view.obj = NULL)
 *   released --PyBuffer_Release(&copy), a copy of the view--> [MOJO-OWN-104]
 *   view.buf, view.shape, view.strides, view.obj: borrows of the view;
 *     used after the release --> [MOJO-BOR-201]; released on their own
 *     (Py_DECREF(view.obj)) --> [MOJO-OWN-111]
 *   held: view.buf and view.obj are not NULL, view.len >= 0;
 *     released: view.obj is NULL
 *   requested without PyBUF_WRITABLE, written through view.buf
 *     --> [MOJO-BOR-205], unless the code read view.readonly first (the
 *     exporter's answer to whether it may write)
 *
 * The view lives in a local `Py_buffer`: the engine follows `&view` to the
 * resource held in the variable.
 */
#include "sm.h"
#include "../engine/engine_int.h"

#include <string.h>

// held --PyBuffer_Release(&view)--> released: its fields are forgotten.
static void buffer_release(ctx *c, state *s, int i, const char *api,
			   ol_loc loc, bool null_ok)
{
	if (release_owned(c, s, i, api, loc, null_ok))
		drop_fields(s, i); // view.obj is NULL now
}

// view.buf, view.shape, view.obj: borrows of the buffer view (its
// pointer fields; a copied view.len is just a number). A view that
// was acquired has its buffer: buf is not NULL.
static void buffer_member_read(ctx *c, state *s, const ol_expr *e, int rb,
			       int r)
{
	if (is_pointer(&e->type)) {
		// PyObject_GetBuffer sets buf and obj; PyBuffer_Release
		// clears obj (`if (view.obj) PyBuffer_Release(&view)`).
		if ((!strcmp(e->text, "buf") || !strcmp(e->text, "obj")) &&
		    s->syms[rb].rs == R_OWNED)
			s->syms[r].signs = S_POS;
		if (!strcmp(e->text, "obj") && s->syms[rb].rs == R_RELEASED)
			s->syms[r].signs = S_ZERO;
		s->syms[r].owner = rb;
		s->syms[r].readonly = s->syms[rb].readonly;
		s->syms[r].acq_name = ol_arena_printf(c->a, "%s.%s",
			s->syms[rb].name ? s->syms[rb].name : "view", e->text);
		s->syms[r].name = NULL;
	} else if (s->syms[rb].rs == R_OWNED && e->text &&
		   !strcmp(e->text, "len")) {
		s->syms[r].signs = S_ZERO | S_POS; // an acquired view's length
	} else if (e->text && !strcmp(e->text, "readonly")) {
		// `if (data.readonly) { error } ... data.buf[0] ^= 1`
		// (bchlib): the code asks the exporter whether it may write,
		// as the buffer protocol has it; a "y*" view of a bytearray
		// says it may. Its writes are no MOJO-BOR-205, nor those
		// through pointers read from it before.
		s->syms[rb].readonly = false;
		for (unsigned k = 0; k < s->nsyms; k++)
			if (s->syms[k].owner == rb)
				s->syms[k].readonly = false;
	}
}

// MOJO-BOR-205: a write through `w`, a pointer into a view requested
// read-only.
static void buffer_store_through(ctx *c, state *s, const ol_expr *lhs, int wi,
				 int ix)
{
	(void)ix;
	sym *w = &s->syms[wi];
	if (w->readonly) {
		// MOJO-BOR-205: the view was requested read-only, or the
		// pointer is into an immutable object (sm/borrow.c).
		const sym *o = w->owner >= 0 ? &s->syms[w->owner] : NULL;
		bool view = !o || o->kind == OL_SM_BUFFER;
		report(c, OL_CHECK_BOR_WRITE_RO, o, lhs->loc,
		       view ? ol_arena_printf(c->a, "write through %s, a "
					      "buffer requested without "
					      "PyBUF_WRITABLE",
					      w->acq_name ? w->acq_name
							  : "a read-only view")
			    : ol_arena_printf(c->a, "write through the result "
					      "of '%s', the contents of an "
					      "immutable object this function "
					      "did not create",
					      w->acq_name ? w->acq_name : "?"),
		       "written here");
		w->readonly = false;
	}
}

// PyObject_GetBuffer(obj, &view, flags): remember a view requested
// without PyBUF_WRITABLE (0x0001), for MOJO-BOR-205.
static void buffer_flags(ctx *c, state *s, const ol_expr *e,
			 const ol_kb_entry *ent, const int *args,
			 unsigned nargs, int ret, const int *acq,
			 unsigned nacq)
{
	(void)c;
	(void)ret;
	if (ent && ent->format_kind == OL_KB_FORMAT_PARSE && nacq &&
	    ent->format_arg >= 0 && (unsigned)ent->format_arg < e->nargs &&
	    e->args[ent->format_arg]->kind == OL_E_STRING &&
	    e->args[ent->format_arg]->text &&
	    !strstr(e->args[ent->format_arg]->text, "w*")) {
		// PyArg_ParseTuple(args, "y*", &view): "y*", "s*" and "z*"
		// ask for a read-only buffer; only "w*" is writable.
		for (unsigned k = 0; k < nacq; k++)
			if (s->syms[acq[k]].kind == OL_SM_BUFFER)
				s->syms[acq[k]].readonly = true;
		return;
	}
	if (!ent || strcmp(ent->resource, "buffer") || ent->nargs <= 2)
		return;
	if (nargs < 3 || !nacq)
		return;
	const sym *f = &s->syms[args[2]];
	if (f->has_val && !(f->val & 1))
		for (unsigned k = 0; k < nacq; k++)
			s->syms[acq[k]].readonly = true;
}

const ol_sm ol_sm_buffer = {
	.kind = "buffer",
	.noun = "buffer view",
	.rerelease_noop = true,
	.on_release = buffer_release,
	.on_member_read = buffer_member_read,
	.on_store_through = buffer_store_through,
	.after_call = buffer_flags,
};
