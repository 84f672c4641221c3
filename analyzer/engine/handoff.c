/*
 * handoff.c — destroy-callback hand-offs (issue #30): a pointer handed to
 * a C library together with the function that will release it.
 *
 *   g_object_set_data_full(obj, "key", ref, release_ref);
 *   dbus_connection_set_data(conn, slot, ref, release_ref);
 *   lib_set(ctx, ref, release_ref);   // void lib_set(void *, void *,
 *                                     //              void (*)(void *));
 *
 * The library keeps `ref` and calls `release_ref(ref)` when it is done
 * with it, so the reference is the library's from the call on: the same
 * hand-off a capsule's destructor makes (sm/capsule.c), with any API that
 * pairs a `void *` with a function that releases it.
 *
 * Where the pair comes from:
 *   - a rules entry's "steals_with_destroy": [data, fn] (rules/README.md;
 *     rules/glib.json, rules/dbus.json);
 *   - inference, for a function without a rules entry (one the tool
 *     knows nothing of, or one of the project whose body keeps the pair
 *     in a struct): its declaration has a `void *` parameter followed at
 *     once by one of a destroy function's type, `void (*)(void *)`, or a
 *     single `void *` parameter and one of that type anywhere after it
 *     (cfg/calleedecl.c: ol_expr.destroy_param, destroy_data); several of
 *     that type after it: which one is the data's is not known, and a
 *     function given among them makes the data escape.
 *
 * What the call does with the data argument, by the function argument:
 *   a function of this file whose body releases its parameter (its
 *       summary's effect on it: release, or steal of a helper), one of
 *       another file of the run whose body does (its contract), or a
 *       known releaser (Py_DecRef, free: their entries)
 *       --> taken: stolen, as PyTuple_SetItem's item is; a release by the
 *       caller afterwards is MOJO-OWN-102, a borrowed reference handed
 *       over is the caller's missing reference
 *   NULL --> kept: nothing will release it but the caller (a leak when
 *       dropped), said on the path
 *   a function of this file that never reads its parameter (declared
 *       pairs only) --> kept, said on the path
 *   anything else (a function of another file, one whose body does
 *       something else with its pointer, a function pointer) --> escaped:
 *       no leak, no release reported afterwards (we say less)
 * Inferred pairs say only "taken" and "kept for NULL"; otherwise the
 * call does what it did without a pair (a `void *` given to unknown code
 * escapes: call.c; a function of the project does what its summary says).
 * NULL with another function among the arguments (a handler given the
 * data too, g_signal_connect's) is no "kept": the handler may release it.
 *
 * The destroy function itself: a function named as the destroy argument
 * of a pair is a helper whose parameter its caller hands over, even with
 * external linkage (summary.c gives it a quiet pass, as a static helper
 * has): releasing that parameter is no MOJO-OWN-106.
 *
 * A call whose entry says when it fails (dbus_connection_set_data's
 * FALSE when out of memory: libdbus keeps neither the data nor its free
 * function) takes the data only when it succeeds, as steal_on_success.
 *
 * Not followed: a pair whose function is not named at the call (a
 * function pointer variable, a member); what a destroy function releases
 * under a condition of its own (taken when its summary says it releases
 * its parameter).
 */
#include "engine_int.h"
#include "../ol.h"
#include "contracts.h"

#include <string.h>

// An effect that releases (or, in a helper's summary, consumes) what it
// is given.
static bool releasing(ol_kb_effect eff)
{
	return eff == OL_KB_ARG_RELEASE || eff == OL_KB_ARG_RELEASE_NULL_OK ||
	       eff == OL_KB_ARG_CLEAR || eff == OL_KB_ARG_STEAL;
}

// Taken by call `e` of entry `ent`: when it succeeds, if its rules entry
// says when it fails (dbus_connection_set_data's FALSE, out of memory:
// the destroy function is not kept, the data stays the caller's), or if
// it is a C library's function the tool knows nothing of that returns a
// status (libvirt's `virConnectDomainEventRegisterAny(.., opaque,
// freecb)`, which keeps neither when it fails: a result below 0 is the
// failure, handoff_entry()). A project's own setter (a summary) is taken
// to keep the pair.
static handoff_how taken(const ol_expr *e, const ol_kb_entry *ent,
			 bool declared)
{
	if (declared)
		return ent->fails_when.cmp != OL_KB_CMP_UNKNOWN &&
			       ent->fails_when.cmp != OL_KB_CMP_NEVER
			       ? HANDOFF_TAKEN_ON_SUCCESS
			       : HANDOFF_TAKEN;
	return !ent && e->type.cls == OL_TY_INT ? HANDOFF_TAKEN_ON_SUCCESS
						  : HANDOFF_TAKEN;
}

const ol_kb_entry *handoff_entry(ctx *c, const ol_kb_entry *ent,
				 const char *api)
{
	if (ent)
		return ent;
	ol_kb_entry *s = OL_NEW(c->a, ol_kb_entry);
	memset(s, 0, sizeof *s);
	ol_kb_entry_no_indexes(s);
	s->name = api;
	s->family = "handoff";
	s->resource = "pyref";
	s->nargs = 0;
	s->fails_when.cmp = OL_KB_CMP_LT;
	s->fails_when.value = 0;
	return s;
}

// Another argument of call `e` than `data` and `fn` is a function (a
// callback that receives the data too, and may release it: GLib's
// g_signal_connect, a GSourceFunc).
static bool other_callback(const ol_expr *e, int data, int fn)
{
	for (unsigned k = 0; k < e->nargs; k++)
		if ((int)k != data && (int)k != fn &&
		    (e->args[k]->kind == OL_E_FUNCREF ||
		     (e->args[k]->type.spelling &&
		      strstr(e->args[k]->type.spelling, "(*)"))))
			return true;
	return false;
}

// `e` (or any expression under it) names variable `v`.
static bool mentions(const ol_expr *e, const ol_var *v)
{
	if (!e)
		return false;
	if (e->kind == OL_E_VAR && e->var == v)
		return true;
	if (mentions(e->sub[0], v) || mentions(e->sub[1], v) ||
	    mentions(e->fn, v))
		return true;
	for (unsigned k = 0; k < e->nargs; k++)
		if (mentions(e->args[k], v))
			return true;
	return false;
}

// `fn`'s body reads its first parameter somewhere.
static bool reads_param0(const ol_func *fn)
{
	if (!fn->nparams)
		return false;
	const ol_var *p = fn->vars[0];
	for (unsigned b = 0; b < fn->nblocks; b++) {
		const ol_block *blk = fn->blocks[b];
		for (unsigned k = 0; k < blk->nops; k++)
			if (mentions(blk->ops[k].expr, p))
				return true;
		if (mentions(blk->cond, p))
			return true;
	}
	return false;
}

// The argument positions of call `e`'s pair, from its entry `ent` or its
// declaration; false when it has none. `declared`: from a rules entry.
static bool pair_of(const ol_expr *e, const ol_kb_entry *ent, int *data,
		    int *fn, bool *declared)
{
	*declared = ent && ent->steals_with_destroy;
	if (*declared) {
		*data = ent->destroy_data_arg;
		*fn = ent->destroy_fn_arg;
	} else if ((!ent || inferred_entry(ent)) && e->destroy_param) {
		*fn = e->destroy_param - 1;
		*data = e->destroy_data - 1;
	} else {
		return false;
	}
	return (unsigned)*fn < e->nargs && (unsigned)*data < e->nargs;
}

handoff handoff_at(ctx *c, const ol_expr *e, const ol_kb_entry *ent,
		   unsigned k)
{
	handoff h = {HANDOFF_NONE, NULL};
	int data, fn;
	bool declared;
	if (!pair_of(e, ent, &data, &fn, &declared) || (int)k != data)
		return h;
	const ol_expr *f = e->args[fn];
	// (Several destroy functions after the data, one of them its own:
	// which one is not known. Some function given: it may release the
	// data, so the data escapes.)
	if (!declared && e->destroy_ambiguous) {
		for (unsigned i = (unsigned)data + 1; i < e->nargs; i++)
			if (e->args[i]->kind == OL_E_FUNCREF)
				h.how = HANDOFF_ESCAPED;
		return h;
	}
	if (ol_expr_is_null_const(f)) {
		// (A callback given the data may release it itself.)
		h.how = other_callback(e, data, fn) ? (declared ? HANDOFF_ESCAPED
								 : HANDOFF_NONE)
						    : HANDOFF_KEPT;
		h.why = "no destroy function is given";
		return h;
	}
	h.how = declared ? HANDOFF_ESCAPED : HANDOFF_NONE;
	if (f->kind != OL_E_FUNCREF || !f->text)
		return h;
	const summary *d = summary_of(c, f->text);
	if (d && d->fn->nparams >= 1 && d->entry.nargs >= 1) {
		if (releasing(ol_kb_arg_effect(&d->entry, 0)))
			h.how = taken(e, ent, declared);
		else if (declared && !reads_param0(d->fn)) {
			h.how = HANDOFF_KEPT;
			h.why = ol_arena_printf(c->a, "its destroy function "
						"'%s' never reads its pointer",
						f->text);
		}
		return h;
	}
	const ol_kb_entry *rel = !d && c->kb ? ol_kb_lookup(c->kb, f->text)
					     : NULL;
	// (A function of another file of the project: what its body does,
	// python-audio-tools' `bs_free_python_decref`, a Py_XDECREF.)
	const ol_contract *other =
		!d && !rel && c->opts->contracts
			? ol_contracts_find(c->opts->contracts, f->text, NULL)
			: NULL;
	if (other && other->entry.nargs >= 1)
		rel = &other->entry;
	if (rel && !rel->macro && releasing(ol_kb_arg_effect(rel, 0)))
		h.how = taken(e, ent, declared);
	return h;
}

const hist *path_note(ctx *c, ol_loc loc, const char *msg)
{
	hist *h = (hist *)hist_add(c, c->h, loc, msg);
	h->is_branch = true;
	c->h = h;
	return h;
}

void hand_off(ctx *c, state *s, int a, const handoff *h, const char *api,
	      ol_loc loc)
{
	int r = sym_root(s, a);
	switch (h->how) {
	case HANDOFF_TAKEN:
		steal(c, s, a, api, loc);
		break;
	case HANDOFF_TAKEN_ON_SUCCESS: // (the call's result decides: call.c)
		use_check(c, s, a, loc,
			  ol_arena_printf(c->a, "passed to '%s'", api));
		break;
	case HANDOFF_KEPT:
		use_check(c, s, a, loc,
			  ol_arena_printf(c->a, "passed to '%s'", api));
		if (r >= 0 && s->syms[r].rs == R_OWNED && s->syms[r].kind >= 0)
			path_note(c, loc, ol_arena_printf(
				c->a, "'%s' stays this function's to release: "
				"%s to '%s'",
				s->syms[r].name ? s->syms[r].name
						: "the pointer",
				h->why, api));
		break;
	default:
		use_check(c, s, a, loc,
			  ol_arena_printf(c->a, "passed to '%s'", api));
		escape(s, r);
		break;
	}
}

// Marks the function named as the destroy argument of call `e`'s pair.
static void mark_in(tu_ctx *tu, const ol_expr *e)
{
	if (!e)
		return;
	size_t first;
	if (e->kind == OL_E_CALL && e->text) {
		// (A function of this file: its summary, at the call.)
		const ol_kb_entry *ent =
			tu->kb && !summaries_named(tu, e->text, &first)
				? ol_kb_lookup(tu->kb, e->text)
				: NULL;
		int data, fn;
		bool declared;
		if (pair_of(e, ent, &data, &fn, &declared) &&
		    e->args[fn]->kind == OL_E_FUNCREF && e->args[fn]->text) {
			size_t n = summaries_named(tu, e->args[fn]->text,
						   &first);
			for (size_t i = first; i < first + n; i++)
				tu->sums[tu->by_name[i].index].destroy_fn =
					true;
		}
	}
	mark_in(tu, e->sub[0]);
	mark_in(tu, e->sub[1]);
	mark_in(tu, e->fn);
	for (unsigned k = 0; k < e->nargs; k++)
		mark_in(tu, e->args[k]);
}

void handoff_mark_destroy_fns(tu_ctx *tu)
{
	for (size_t i = 0; i < tu->nsums; i++) {
		const ol_func *fn = tu->sums[i].fn;
		for (unsigned b = 0; b < fn->nblocks; b++) {
			const ol_block *blk = fn->blocks[b];
			for (unsigned k = 0; k < blk->nops; k++)
				mark_in(tu, blk->ops[k].expr);
			mark_in(tu, blk->cond);
		}
	}
}
