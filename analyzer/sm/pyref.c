/*
 * pyref.c — the `pyref` kind: references to Python objects.
 *
 *   (untracked) --new-reference API (PyLong_FromLong...)--> owned x1
 *   parameter, GetItem result, "O" format --> borrowed
 *   borrowed --Py_INCREF / Py_NewRef--> owned x1 (object kept alive by
 *       its owner too: dropping back to zero returns to borrowed)
 *   owned xN --Py_INCREF--> owned xN+1;  --Py_DECREF--> owned xN-1
 *   owned x1 --Py_DECREF--> released;  --stealing call--> moved
 *   owned --return--> transferred to the caller;  --store into field,
 *       global, container--> escaped (checked by MOJO-OWN-110)
 *   borrowed --Py_DECREF / stealing call--> [MOJO-OWN-106]
 *   borrowed --returned from a new-reference function--> [MOJO-OWN-107]
 *   borrowed --stored in a field or global, no Py_INCREF by the path's
 *       end--> [MOJO-BOR-202]
 *   released --Py_DECREF--> [MOJO-OWN-104];  --use--> [MOJO-OWN-103]
 *   moved --Py_DECREF, steal, return--> [MOJO-OWN-102]
 *   owned (maybe NULL) --deref, Py_DECREF--> [MOJO-OWN-109]
 *   owned --error exit--> [MOJO-OWN-105];  --other exit--> [MOJO-OWN-101]
 *   owned x1 --Py_DECREF of an object of any type--> released; borrows
 *       from containers others can reach are then suspect (its
 *       finaliser may have run Python code): used --> [MOJO-BOR-206]
 *   borrowed from a container --call that may run Python code-->
 *       invalid: used, or passed into that call --> [MOJO-BOR-206]
 *       (sm/borrow.c)
 *
 * Container slots (PyTuple_GET_ITEM / SET_ITEM, `t->ob_item[i]`):
 *   GET_ITEM(t, i) --> borrowed, owned by t at slot i (read twice: one
 *       value)
 *   SET_ITEM(t, i, v) --> v moved into slot i; what the slot held before
 *       (a borrow read from it, or a reference t stole from us) is ours
 *       again, `weak` (no leak report: which slot is not always certain)
 *   moved into a slot, then Py_DECREF --> a debt: settled when the slot
 *       is overwritten, else [MOJO-OWN-102] at the path's end
 *   borrowed, stolen into a slot --> a debt: paid by a Py_INCREF of it or
 *       of the container's items, else [MOJO-OWN-106] at the path's end
 *
 * Which API does what is data (rules/cpython-*.json). Unknown callees
 * borrow the references they are given (rules/README.md): a handle passed
 * to them
 * stays owned by the caller.
 */
#include "sm.h"
#include "borrow.h"
#include "../engine/engine_int.h"

#include <string.h>



/* ------------------------------------------------------------------ */
/* Releases, steals, increfs                                            */


// MOJO-OWN-102: `api` at `loc` releases a reference already stolen.
static void report_release_moved(ctx *c, sym *y, const char *api, ol_loc loc)
{
	report(c, OL_CHECK_OWN_USE_AFTER_MOVE, y, loc,
	       ol_arena_printf(c->a, "%s is released by '%s' after its "
			       "reference was stolen", describe(c, y), api),
	       ol_arena_printf(c->a, "released here by '%s'", api));
	y->rs = R_STOP;
}

// MOJO-OWN-106: `api` at `loc` steals (`stolen`) or releases a borrowed
// reference.
static void report_borrowed_handover(ctx *c, sym *y, const char *api,
				     ol_loc loc, bool stolen)
{
	report(c, OL_CHECK_OWN_REL_BORROWED, y, loc,
	       stolen ? ol_arena_printf(c->a, "%s is passed to '%s', which "
					"steals a reference this function "
					"does not own", describe(c, y), api)
		      : ol_arena_printf(c->a, "%s is released by '%s' but "
					"this function does not own it",
					describe(c, y), api),
	       ol_arena_printf(c->a, "%s here by '%s'",
			       stolen ? "stolen" : "released", api));
	y->rs = R_STOP;
}

// Whether borrowed value `i` is what a container's item slot holds
// (read through GET_ITEM or `ob_item[i]`).
static bool slot_item(const state *s, int i)
{
	const sym *y = &s->syms[i];
	for (unsigned k = 0; y->owner >= 0 && k < s->nfs; k++)
		if (s->fs[k].base == y->owner && s->fs[k].val == i &&
		    !strncmp(s->fs[k].field, "ob_item[", 8))
			return true;
	return false;
}

// A slot of container `cont` is overwritten by a SET_ITEM after `loc` in
// the block being evaluated (msgspec's `Py_DECREF(part);
// PyList_SET_ITEM(parts, i, title);`, after a method call on part made
// the read of the slot forgotten): the release was the slot's own.
static bool slot_overwritten_next(const ctx *c, const state *s, int cont,
				  ol_loc loc)
{
	const ol_block *b = c->blk;
	for (unsigned k = 0; b && k < b->nops; k++) {
		const ol_op *op = &b->ops[k];
		const ol_expr *e = op->kind == OL_OPK_EVAL ? op->expr : NULL;
		if (!e || !e->macro || !strstr(e->macro, "_SET_ITEM") ||
		    op->loc.line < loc.line ||
		    (op->loc.line == loc.line && op->loc.col <= loc.col))
			continue;
		const ol_expr *base = e->kind == OL_E_ASSIGN ? e->sub[0]
				      : e->kind == OL_E_CALL && e->nargs
				      ? e->args[0] : NULL;
		while (base && (base->kind == OL_E_INDEX ||
				base->kind == OL_E_MEMBER))
			base = base->sub[0];
		if (base && base->kind == OL_E_VAR &&
		    s->env[base->var->id] >= 0 &&
		    sym_root(s, s->env[base->var->id]) == cont)
			return true;
	}
	return false;
}

// The field that holds `i` is set to NULL after `loc` in the block being
// evaluated (a getbuffer's error exit, `view->obj = self;
// Py_INCREF(self); ... Py_DECREF(self); view->obj = NULL;`, dynd-python):
// the release was the field's own reference, taken back as the field is
// cleared, as when the clear comes first. (Only after a Py_INCREF paid
// for a store, `store_paid`: stored unpaid, the field held no reference
// of its own, and the release stays a finding.)
static bool field_cleared_next(const ctx *c, state *s, int i, ol_loc loc)
{
	const ol_block *b = c->blk;
	for (unsigned k = 0; b && k < b->nops; k++) {
		const ol_op *op = &b->ops[k];
		const ol_expr *e = op->kind == OL_OPK_EVAL ? op->expr : NULL;
		if (!e || e->kind != OL_E_ASSIGN || e->op != OL_OP_NONE ||
		    op->loc.line < loc.line ||
		    (op->loc.line == loc.line && op->loc.col <= loc.col))
			continue;
		const ol_expr *lhs = e->sub[0], *rhs = strip_casts(e->sub[1]);
		if (!rhs || !(rhs->kind == OL_E_NULL ||
			      (rhs->kind == OL_E_INT && rhs->ival == 0)) ||
		    lhs->kind != OL_E_MEMBER || !lhs->arrow || !lhs->text ||
		    lhs->sub[0]->kind != OL_E_VAR || !lhs->sub[0]->var ||
		    s->env[lhs->sub[0]->var->id] < 0)
			continue;
		fslot *f = field_slot(
			s, sym_root(s, s->env[lhs->sub[0]->var->id]), lhs->text);
		if (f && f->val >= 0 && sym_root(s, f->val) == i)
			return true;
	}
	return false;
}

// A reference handed over (`what`: "stolen", "released") that a later
// Py_INCREF or slot overwrite may still settle: a debt, reported at the
// path's end when nothing did (report_slot_debts).
static void start_debt(ctx *c, sym *y, const char *what,
		       const char *api, ol_loc loc)
{
	y->debt_ev = hist_add(c, c->h, loc,
			      ol_arena_printf(c->a, "%s here by '%s'", what,
					      api));
	y->debt_api = api;
}

// `self->released = true; ... Py_DECREF(self);`: an object that keeps a
// reference to itself until it is closed (moderngl's MGLBuffer_release,
// issue #26: the factory keeps the creation reference) marks itself
// closed, then drops that reference, once, the mark guarding the next
// call. The first parameter released after this path wrote a constant
// into one of its plain fields (its `self_marked`, kept when the fields
// are forgotten at a call) is taken for that idiom (a Python object's
// method never owns its `self` otherwise).
static bool drops_self_reference(const state *s, int i)
{
	return s->syms[i].param == 0 && s->syms[i].self_marked;
}

// `Py_INCREF(v = PyList_GetItem(values, i))` for each item kept, then on
// the error path `Py_XDECREF(PyList_GetItem(values, i))` for those done:
// the release of an item borrowed from a container one of whose items
// this path took a reference on gives one of those references back (which
// one, by index, is not followed: a release of another item of that
// container is not told apart). Not when the item was read from a
// constant slot (GET_ITEM's borrowed-slot idiom, handled as a debt).
static bool gives_item_back(const state *s, const sym *y)
{
	return y->owner >= 0 && !y->slot_const &&
	       s->syms[y->owner].items_taken;
}

// Whether a field slot of the path still holds value `i`.
static bool held_in_field(const state *s, int i)
{
	for (unsigned k = 0; k < s->nfs; k++)
		if (!s->fs[k].stale && sym_root(s, s->fs[k].val) == i)
			return true;
	return false;
}

// Releasing a reference (Py_DECREF & co.): one owned reference less.
static void pyref_release(ctx *c, state *s, int i, const char *api,
			  ol_loc loc, bool null_ok)
{
	sym *y = &s->syms[i];
	switch (y->rs) {
	case R_OWNED:
		if (!null_ok && unchecked(y))
			report_unchecked(c, s, i, loc,
					 ol_arena_printf(c->a,
							 "passed to '%s'",
							 api));
		if (--y->refs > 0)
			return;
		if (y->borrowed_base) {
			// Back to the reference we borrowed (no longer one
			// the call that took it gave).
			y->rs = R_BORROWED;
			y->borrowed_base = false;
			y->unknown_base = false;
			y->acq_name = NULL;
			return;
		}
		mark_released(c, y, api, loc);
		if (!y->held_elsewhere)
			ol_borrow_released(c, s, y, api, loc);
		ol_holder_released(c, s, i, api, loc);
		return;
	case R_BORROWED:
		if (y->static_obj)
			return; // Py_DECREF(Py_None) drops a reference we hold
		if (y->held_elsewhere && y->rel_ev) {
			// Released, alive in the list it was appended to, and
			// released again: that list's reference.
			report_double_release(c, y, api, loc);
			return;
		}
		// (A parameter released where a flag of the caller's says
		// so: handed over by that flag, which its callers are told.)
		bool by_flag = y->param >= 0 && entered_on_callers_flag(c);
		if (by_flag && c->sum && (unsigned)y->param < c->fn->nparams)
			c->sum->flag_taken[y->param] = true;
		if (y->weak || c->quiet || by_flag ||
		    drops_self_reference(s, i)) {
			y->rs = R_NONE;
			y->kind = -1;
			return;
		}
		ahead_differs(c); // (a quiet pass drops it, as above)
		if (ol_holder_field_paid(c, s, i, api, loc))
			return;
		// The reference paid for a store into a fresh struct of
		// foreign memory, given back on the way out (`m->cb = cb;
		// Py_INCREF(m->cb); if (submit(m) != 0) { Py_DECREF(cb);
		// release(m); }`, aws-crt-python): the function owned it.
		if (y->store_paid &&
		    (y->owe_foreign || field_cleared_next(c, s, i, loc))) {
			y->rs = R_NONE;
			y->kind = -1;
			return;
		}
		if (gives_item_back(s, y)) {
			y->rs = R_NONE;
			y->kind = -1;
			return;
		}
		if ((slot_item(s, i) ||
		     (y->owner >= 0 &&
		      slot_overwritten_next(c, s, y->owner, loc))) &&
		    !y->debt_ev && !c->quiet) {
			ahead_differs(c);
			// Wait: the slot may be overwritten next (`Py_XDECREF(
			// GET_ITEM(t, i)); SET_ITEM(t, i, v);`, sysmodule's
			// SetFlagObj): then the slot's own reference was
			// released.
			start_debt(c, y, "released", api, loc);
			y->debt_kept = true;
			return;
		}
		report_borrowed_handover(c, y, api, loc, false);
		return;
	case R_MOVED:
		if (y->owner >= 0 && y->slot_const && !y->debt_ev &&
		    !c->quiet) {
			// Wait: the slot may be overwritten next.
			ahead_differs(c);
			start_debt(c, y, "released", api, loc);
			return;
		}
		if (y->unknown_base || (y->from_global && y->borrowed_base) ||
		    (y->field_base && !held_in_field(s, sym_root(s, i)))) {
			// The extra reference taken on a value of unknown
			// origin was stolen: what is released now is the
			// reference the value came with, which may be ours
			// (`normalize(&key); Py_INCREF(key);
			// PyList_SetItem(l, i, key); Py_DECREF(key);`, the key
			// a new reference the helper wrote back). So with a
			// global's value: the global's own reference (`err =
			// PyErr_NewException(..); Py_INCREF(err);
			// PyModule_AddObject(m, "Error", err);` and, on a later
			// failure, `Py_XDECREF(err); err = NULL;`: geoip,
			// pytun). And a field's, released once the field let it
			// go (`Py_CLEAR(state->T)`; while the field still holds
			// it, `Py_DECREF(state->T)` leaves the field a
			// reference it no longer has: CPython 3.11's
			// arraymodule). Say less: no longer followed.
			y->rs = R_NONE;
			y->kind = -1;
			y->unknown_base = false;
			return;
		}
		report_release_moved(c, y, api, loc);
		return;
	default:
		return;
	}
}

// None, True, False, Ellipsis, NotImplemented: immortal from Python 3.12
// (a static type object of the project is not).
static bool immortal_singleton(const sym *y)
{
	static const char *const names[] = {"Py_None", "Py_True", "Py_False",
					    "Py_Ellipsis",
					    "Py_NotImplemented"};
	for (size_t i = 0; y->name && i < sizeof names / sizeof *names; i++)
		if (!strcmp(y->name, names[i]))
			return true;
	return false;
}

// A stealing parameter takes one reference (PyTuple_SetItem & co.).
static void pyref_steal(ctx *c, state *s, int i, const char *api, ol_loc loc)
{
	sym *y = &s->syms[i];
	switch (y->rs) {
	case R_OWNED:
		if (--y->refs > 0)
			return;
		y->rs = R_MOVED;
		y->rel_ev = c->h = hist_add(
			c, c->h, loc,
			ol_arena_printf(c->a, "reference stolen here by '%s'",
					api));
		return;
	case R_BORROWED:
		if (y->param == 0 && destroys_param0(c->fn)) {
			// The object a deallocator destroys, handed to a
			// helper that frees it or keeps it on a free list
			// (meinheld's `dealloc_InputObject(self)`): its last
			// reference is gone already, none is stolen.
			y->rs = R_NONE;
			y->kind = -1;
			return;
		}
		if (y->static_obj && c->fn->immortal_statics &&
		    immortal_singleton(y))
			// `PyList_SET_ITEM(l, i, Py_True)` in code written for
			// 3.12 or later (frontend/pyversion.h): its count is
			// not kept, nothing is owed.
			return;
		if (y->static_obj) {
			// `PyModule_AddObject(m, "T", (PyObject *)&FooType)`:
			// a later Py_INCREF may still pay, else MOJO-OWN-106.
			if (!c->quiet && y->static_owed < UINT8_MAX) {
				ahead_differs(c);
				if (!y->static_owed++)
					start_debt(c, y, "stolen", api, loc);
			}
			return;
		}
		if (y->weak) {
			y->rs = R_NONE;
			y->kind = -1;
			return;
		}
		if (!y->debt_ev) {
			// A later Py_INCREF may still pay: `if
			// (PyList_SetItem(l, i, v) == 0) Py_INCREF(v);`, or
			// into a slot (the "borrowed slot" idiom). Unpaid at
			// the path's end, it is MOJO-OWN-106.
			start_debt(c, y, "stolen", api, loc);
			y->debt_cont = c->slot_cont;
			return;
		}
		report_borrowed_handover(c, y, api, loc, true);
		return;
	case R_MOVED:
		if (y->static_obj) {
			// `Py_INCREF(Py_None); SetItem(l, 0, Py_None);` then
			// `SET_ITEM(t, 1, Py_None); Py_INCREF(Py_None);`: the
			// extra reference went with the first steal, and the
			// second is a new borrow of the static object, which a
			// later Py_INCREF may pay (as above).
			y->rs = R_BORROWED;
			y->refs = 0;
			y->acq_name = NULL;
			pyref_steal(c, s, i, api, loc);
			return;
		}
		if (y->unknown_base ||
		    (y->borrowed_base && (y->from_global || y->weak))) {
			// As for a release (above): the extra reference was
			// stolen, and what is stolen now is the one the value
			// came with, a global's own (`t = PyType_FromSpec(..);
			// Py_INCREF(t);` then `PyModule_AddObject()` into two
			// modules: nrn), or one a field or a value of unknown
			// origin may hold. Say less: no longer followed.
			y->rs = R_NONE;
			y->kind = -1;
			y->unknown_base = false;
			return;
		}
		report(c, OL_CHECK_OWN_USE_AFTER_MOVE, y, loc,
		       ol_arena_printf(c->a, "%s is stolen again by '%s' after "
				       "its reference was already stolen",
				       describe(c, y), api),
		       ol_arena_printf(c->a, "stolen again by '%s'", api));
		y->rs = R_STOP;
		return;
	case R_RELEASED:
		use_check(c, s, i, loc, ol_arena_printf(c->a, "passed to '%s'",
							api));
		if (y->rs == R_BORROWED) // kept alive by a list: not ours
			report_borrowed_handover(c, y, api, loc, true);
		return;
	default:
		return;
	}
}

// An item a container held (or stole from us) is ours again: owned, but
// `weak`, since which slot it was is not always certain (no leak report).
static void own_slot_item(ctx *c, sym *y, ol_loc loc, const char *why)
{
	y->rs = R_OWNED;
	y->refs = 1;
	y->weak = true;
	y->owner = -1;
	y->holder = -1;
	y->borrowed_base = false;
	y->unknown_base = false;
	y->debt_ev = NULL;
	y->acq_ev = c->h = hist_add(c, c->h, loc, why);
}

// `Py_XINCREF(PyTuple_GET_ITEM(args, i))` (at any index when i is not a
// constant, as in a loop over all of them): each reference the container
// stole from us at that slot is ours again (_testbuffer's "borrowed slot"
// idiom, before `Py_DECREF(args)`).
static void retake_slots(ctx *c, state *s, int cont, bool slot_const,
			 long long slot_val, ol_loc loc)
{
	for (unsigned j = 0; j < s->nsyms; j++) {
		sym *m = &s->syms[j];
		if (m->rs == R_BORROWED && m->debt_ev && m->debt_cont == cont) {
			m->debt_ev = NULL; // the slot owns a reference now
			m->debt_cont = -1;
			continue;
		}
		if (m->rs != R_MOVED || m->owner != cont ||
		    (slot_const && m->slot_const && m->slot_val != slot_val))
			continue;
		own_slot_item(c, m, loc, "a new reference to the item is taken "
			      "from its container slot");
	}
}

/* ------------------------------------------------------------------ */
/* Borrowed references handed over (MOJO-BOR-202)                      */


// A borrowed reference was just handed over (stored): remember where, for
// MOJO-BOR-202 if no Py_INCREF pays for it.
static void owe_here(ctx *c, state *s, int val, ol_loc loc,
		     const ol_expr *lhs)
{
	sym *y = &s->syms[sym_root(s, val)];
	if (y->rs == R_BORROWED && y->owed && !y->owe_ev &&
	    y->signs != S_ZERO) {
		y->owe_ev = hist_add(c, c->h, loc, "stored here without "
				     "a new reference");
		y->owe_lhs = lhs;
		y->st_vtype = object_type_of(c->assign_rhs);
	}
}

// The same lvalue written the same way (`tdo->values[i]` twice).
static bool same_lvalue(const ol_expr *a, const ol_expr *b, int depth)
{
	if (!a || !b || depth > 8)
		return a == b;
	if (a->kind != b->kind)
		return false;
	switch (a->kind) {
	case OL_E_VAR:
		return a->var == b->var;
	case OL_E_INT:
		return a->ival == b->ival;
	case OL_E_MEMBER:
		return a->arrow == b->arrow && a->text && b->text &&
		       !strcmp(a->text, b->text) &&
		       same_lvalue(a->sub[0], b->sub[0], depth + 1);
	case OL_E_INDEX:
		return same_lvalue(a->sub[1], b->sub[1], depth + 1) &&
		       same_lvalue(a->sub[0], b->sub[0], depth + 1);
	case OL_E_DEREF:
		return same_lvalue(a->sub[0], b->sub[0], depth + 1);
	default:
		return false;
	}
}

// `a->v[i] = item; Py_INCREF(a->v[i]);`: the reference handed over is
// paid for through the lvalue it went to (which reads as a new value).
static bool paid_through_lvalue(state *s, const ol_expr *arg)
{
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (y->rs != R_BORROWED || !y->owed || !y->owe_lhs ||
		    !same_lvalue(y->owe_lhs, arg, 0))
			continue;
		if (--y->owed == 0) {
			y->consumed = false;
			y->owe_ev = NULL;
			y->owe_lhs = NULL;
			// The reference taken is the one the lvalue holds:
			// releasing it from there later is no release of a
			// borrow (`Py_CLEAR(self->x)` on an error path).
			y->rs = R_ESCAPED;
		}
		return true;
	}
	return false;
}

// `self->image = image` with `self` an object this function made and
// still holds as the path ends (`Py_INCREF(image)` comes later on the
// paths that go on; on this one `self` leaks, which is reported): no one
// has seen the object, nor will its dealloc run and release the field.
// The same for a struct from malloc() that this path frees, or still
// holds, without ever publishing it (`PyArg_ParseTuple(args, "O",
// &item->cb)`, then a check fails and `free(item)`): free() releases no
// field, and no one else ever read the pointer.
static bool into_unreleased_object(const state *s, const ol_expr *lhs)
{
	if (!lhs || lhs->kind != OL_E_MEMBER || !lhs->arrow ||
	    lhs->sub[0]->kind != OL_E_VAR || !lhs->sub[0]->var ||
	    !is_local(lhs->sub[0]->var) ||
	    lhs->sub[0]->var->kind == OL_VAR_PARAM)
		return false;
	int b = s->env[lhs->sub[0]->var->id];
	b = b >= 0 ? sym_root(s, b) : -1;
	if (b < 0)
		return false;
	const sym *base = &s->syms[b];
	if (base->kind == OL_SM_HEAP)
		return base->rs == R_OWNED || base->rs == R_RELEASED;
	return base->kind == OL_SM_PYREF && base->rs == R_OWNED &&
	       !base->borrowed_base && !base->held_elsewhere;
}

// The object whose field this path stored `i` into (`self->f = v`), as a
// sym root, or -1.
static int stored_into(const state *s, int i)
{
	for (unsigned k = 0; k < s->nfs; k++)
		if (!s->fs[k].read && s->fs[k].val >= 0 &&
		    s->fs[k].base >= 0 && sym_root(s, s->fs[k].val) == i)
			return sym_root(s, s->fs[k].base);
	return -1;
}

// A call whose borrowed result sys.modules keeps (`PyImport_AddModule`)
// or that is sys.modules itself: for the life of the interpreter, as
// far as a program that does not edit sys.modules can tell.
static bool kept_by_the_interpreter(const ol_kb_entry *ent)
{
	return ent && ent->ret == OL_KB_RET_BORROWED &&
	       (!strcmp(ent->name, "PyImport_AddModule") ||
		!strcmp(ent->name, "PyImport_AddModuleObject") ||
		!strcmp(ent->name, "PyImport_GetModuleDict"));
}

// Borrowed reference `i`, stored into a field, is kept alive by what the
// store cannot outlive: it is a module sys.modules keeps, or that module's
// dict (gemrb's, MusE's and conduit's `PyImport_AddModule("__main__")`
// and `PyModule_GetDict()` of it in members), or the dict of a module the
// same object holds a reference to in another field (gemrb's `pDict =
// PyModule_GetDict(pModule)` next to its owned `pModule`), or a stable
// borrow (bytes data) of an object held so. (An item of
// such a dict is not: a script may rebind it, conduit's
// `traceback.print_exception`.)
// The object whose memory the store `lhs` writes, through the members of
// structs embedded in it (`self->input.src`: self's value), or -1.
static int outer_object(const state *s, const ol_expr *lhs)
{
	while (lhs && lhs->kind == OL_E_MEMBER && !lhs->arrow)
		lhs = lhs->sub[0];
	if (!lhs || lhs->kind != OL_E_MEMBER || !lhs->sub[0] ||
	    lhs->sub[0]->kind != OL_E_VAR || !lhs->sub[0]->var)
		return -1;
	const ol_var *var = lhs->sub[0]->var;
	int v = s->env[var->id];
	if (v >= 0)
		return sym_root(s, v);
	// (a parameter no longer live at the end of the path: its value)
	for (unsigned k = 0; var->kind == OL_VAR_PARAM && k < s->nsyms; k++)
		if (s->syms[k].param == (int)var->param_index)
			return sym_root(s, (int)k);
	return -1;
}

static bool held_with_its_store(const ctx *c, const state *s, int i)
{
	int where = stored_into(s, i);
	int outer = outer_object(s, s->syms[i].owe_lhs);
	int o = i;
	for (int depth = 0; o >= 0 && depth < 2; depth++) {
		const sym *y = &s->syms[o];
		if (y->rs == R_BORROWED && kept_by_the_interpreter(y->acq))
			return true;
		if (o != i && (where >= 0 || outer >= 0) &&
		    y->rs != R_BORROWED &&
		    y->rs != R_RELEASED &&
		    (stored_into(s, o) == where ||
		     (outer >= 0 && stored_into(s, o) == outer)))
			return true;
		// (a module's dict lives as long as its module; a stable
		// borrow, bytes data, as long as its object: python-
		// zstandard's `self->input.src = readBuffer` beside
		// `self->readResult = readResult`)
		bool dict_of_module = y->acq && y->owner >= 0 &&
				      !strcmp(y->acq->name,
					      "PyModule_GetDict");
		// (an out-parameter's borrow, PyBytes_AsStringAndSize's
		// buffer, is named by its call only)
		const ol_kb_entry *from =
			y->acq ? y->acq
			: y->acq_name && c->tu->kb
				? ol_kb_lookup(c->tu->kb, y->acq_name)
				: NULL;
		bool stable = from && y->owner >= 0 && from->stable_borrow;
		o = dict_of_module || stable ? sym_root(s, y->owner) : -1;
	}
	return false;
}

// Some item parsed out of the caller's tuple was paid for where it went
// (`Py_INCREF(o->document_class)`): the struct keeps references, and one
// left unpaid beside it is a borrow that escapes.
static bool parsed_items_paid(const state *s)
{
	for (unsigned i = 0; i < s->nsyms; i++)
		if (s->syms[i].parsed_from_param &&
		    s->syms[i].rs == R_ESCAPED)
			return true;
	return false;
}

static void borrow_escaped(ctx *c, state *s, unsigned i);

// MOJO-BOR-202 at the end of a path: borrowed references stored where they
// outlive the borrow, never paid for with Py_INCREF. Not on an error exit
// for a store into the caller's out-parameter struct: a converter that
// fills it (PyArg_ParseTuple(args, "OO", &o->a, &o->b)) and takes its
// references only once it succeeds leaves the struct to a caller that
// drops it when told of the failure.
static void borrow_escapes(ctx *c, state *s)
{
	for (unsigned i = 0; i < s->nsyms; i++)
		borrow_escaped(c, s, i);
}

// ... of one sym, `i`.
static void borrow_escaped(ctx *c, state *s, unsigned i)
{
	sym *y = &s->syms[i];
	if (y->rs != R_BORROWED || !y->owed || !y->owe_ev || y->weak ||
	    y->static_obj || c->quiet || y->signs == S_ZERO ||
	    y->kind != OL_SM_PYREF) // (a DLPack tensor: sm/dlpack.c)
		return;
	ahead_differs(c); // (`owed` is summarized)
	// (Nor, on any exit, for an item of a tuple the caller lent,
	// parsed into the caller's struct: a view, as
	// `PyTuple_GET_ITEM` of it is (eval.c's
	// tuple_item_handed_back(): a tuple never drops its items);
	// stcal's `get_ramp_data_parse(args, rd)`. Unless the
	// function pays for some of them: then the struct keeps
	// references, 202-out-struct-on-error-bad.c.)
	if ((c->exit_err && callers_struct_field(y->owe_lhs)) ||
	    (y->parsed_from_param && callers_struct_field(y->owe_lhs) &&
	     !interp_contract(c->fn) && !parsed_items_paid(s)) ||
	    into_unreleased_object(s, y->owe_lhs) ||
	    held_with_its_store(c, s, (int)i) ||
	    store_undone(s, (int)i)) {
		y->owed = 0;
		return;
	}
	const char *msg = ol_arena_printf(
		c->a, "%s is stored without taking a reference "
		"(missing Py_INCREF or Py_NewRef)", describe(c, y));
	report_step(c, OL_CHECK_BOR_ESCAPES, y, y->owe_ev, msg,
		    "stored here; the owner may release it first");
	y->owed = 0;
	// (A parameter stored so is this function's bug, told here:
	// its summary does not make the store a steal its callers
	// would be blamed for, glnext's `new_memory(self)`.)
	if (y->param >= 0)
		y->consumed = false;
}

// `PyTypeObject *` (the lowering keeps the type of what a cast converts).
static bool type_object_pointer(const ol_type *t)
{
	return t->cls == OL_TY_POINTER && t->pointee &&
	       (!strcmp(t->pointee, "PyTypeObject") ||
		!strcmp(t->pointee, "struct _typeobject") ||
		!strcmp(t->pointee, "_typeobject") || // (C++)
		!strcmp(t->pointee, "PyHeapTypeObject"));
}

// Py_INCREF & co.: one more owned reference. `arg` is the argument as
// written (NULL for Py_NewRef's result).
// `arg` is a variable of the function's own that holds value `i`, which
// no field read gave (a field's or a global's value is the reference
// that field or global holds, not one of the function's): what a helper
// wrote back through `&x` (pylibmc's `_key_normalized_obj(&key)`).
static bool in_own_variable(const state *s, int i, const ol_expr *arg)
{
	if (!arg || arg->kind != OL_E_VAR || !arg->var || !is_local(arg->var))
		return false;
	for (unsigned k = 0; k < s->nfs; k++)
		if (s->fs[k].read && sym_root(s, s->fs[k].val) == i)
			return false;
	return true;
}

// `Py_INCREF(x); return x;`, the last statement of its block: that
// reference is the one returned, not a payment for where `x` was stored
// before (sofppnix's `register_callback()`, `callbacks.push_back(
// callback); Py_INCREF(callback); return callback;`: the store is the
// one without a reference, MOJO-BOR-202, not the return, 5 false
// MOJO-OWN-107 rows of C++ round 116). Only for one store, none paid yet:
// a value linked into two places, one of them an alias (llist's
// `self->first = node; self->last = node;`, realworld/), is still told
// at the return.
static bool increfed_for_return(const ctx *c, const ol_expr *arg)
{
	const ol_block *b = c->blk;
	arg = arg ? strip_casts(arg) : NULL;
	if (!b || !arg || arg->kind != OL_E_VAR || !arg->var ||
	    b->term != OL_TERM_RETURN || !b->cond || !b->nops)
		return false;
	const ol_expr *r = strip_casts(b->cond);
	const ol_op *last = &b->ops[b->nops - 1];
	const ol_expr *e = last->kind == OL_OPK_EVAL ? last->expr : NULL;
	const ol_expr *a0 = e && e->kind == OL_E_CALL && e->nargs
				    ? strip_casts(e->args[0]) : NULL;
	return r && r->kind == OL_E_VAR && r->var == arg->var && a0 &&
	       a0->kind == OL_E_VAR && a0->var == arg->var;
}

static void pyref_incref(ctx *c, state *s, int i, const ol_expr *arg,
			 const char *api, ol_loc loc, bool null_ok)
{
	if (arg && paid_through_lvalue(s, arg))
		return;
	i = sym_root(s, i);
	if (i < 0)
		return;
	sym *y = &s->syms[i];
	if (y->signs == S_ZERO)
		return;
	// (An object kept alive by a list it was appended to is a borrow
	// from there again, and taken like one.)
	if (y->rs == R_RELEASED)
		use_check(c, s, i, loc, ol_arena_printf(c->a, "passed to '%s'",
							api));
	switch (y->rs) {
	case R_OWNED:
		if (!null_ok && unchecked(y))
			report_unchecked(c, s, i, loc,
					 ol_arena_printf(c->a,
							 "passed to '%s'",
							 api));
		y->refs++;
		return;
	case R_RELEASED:
		return;
	case R_STOP:
		return;
	case R_NONE:
	case R_ESCAPED:
		// A value of unknown origin (an array slot, a computed
		// pointer) or one stored elsewhere: we own a reference now,
		// but it may as well be an extra one kept where the value
		// came from, so a leak of it is not reported (`weak`).
		y->weak = true;
		// (Stored elsewhere, its reference went with it: not one
		// the function may still hold.)
		y->unknown_base = y->rs == R_NONE &&
				  in_own_variable(s, i, arg);
		// (Stored in the global it is taken through: the global
		// holds a reference of its own under ours.)
		if (y->rs == R_ESCAPED && arg && arg->kind == OL_E_VAR &&
		    arg->var && !is_local(arg->var))
			y->from_global = true;
		// (Stored in the field it is taken through, `state->T =
		// PyType_FromModuleAndSpec(..); Py_XINCREF(state->T);`
		// before a `PyModule_AddObject()` steals one: the field keeps
		// the other, which `Py_CLEAR(state->T)` may release on a later
		// failure once the field lets it go: uncrustygame, C round
		// 112.)
		if (y->rs == R_ESCAPED && arg && arg->kind == OL_E_MEMBER)
			y->field_base = true;
		break;
	case R_BORROWED:
		if (y->static_obj && y->static_owed) {
			// `SET_ITEM(t, i, Py_None); Py_INCREF(Py_None);`
			if (--y->static_owed == 0)
				y->debt_ev = NULL;
			return;
		}
		if (y->debt_ev) {
			// `SET_ITEM(t, i, item); Py_INCREF(item);`: paid now,
			// and a parameter's caller keeps its reference.
			y->debt_ev = NULL;
			y->debt_cont = -1;
			y->consumed = false;
			return;
		}
		if (y->owed == 1 && !y->store_paid && !y->weak &&
		    increfed_for_return(c, arg)) {
			// (the store is told now, the path going on to return
			// this reference; then it is an owned one)
			bool exit_err = c->exit_err;
			c->exit_err = false;
			borrow_escaped(c, s, (unsigned)i);
			c->exit_err = exit_err;
			y = &s->syms[i];
			y->owed = 0;
		} else if (y->owed && !y->weak) {
			// `self->key = key; Py_INCREF(key);` and
			// `SET_ITEM(t, i, Py_None); Py_INCREF(Py_None);`:
			// the reference was handed over first, paid for now.
			// Into a field, the field owns an object of the type
			// the value had before its cast: the graph's store.
			// (Of any object, it is not told: the graph would see
			// cycles through fields whose stores say more.)
			if (y->owe_lhs && y->owe_lhs->kind == OL_E_MEMBER &&
			    y->owe_ev && y->st_vtype)
				fact(c, OL_FACT_STORE, owner_type_of(y->owe_lhs),
				     y->owe_lhs->text, y, api, y->owe_ev->loc,
				     false, y->st_vtype);
			y->store_paid = true;
			if (--y->owed == 0)
				y->consumed = false;
			return;
		}
		if (y->owner >= 0 && y->acq && y->acq->macro)
			retake_slots(c, s, y->owner, y->slot_const, y->slot_val,
				     loc);
		y->unknown_base = false;
		break;
	default:
		break;
	}
	// Borrowed or moved into a container: we now own one reference to
	// an object someone else keeps alive. (Taken on a global's or a
	// field's value it may as well be an extra reference kept there:
	// `weak` stays, and no leak is reported for it.)
	// An item borrowed from a container (PyList_GetItem) taken: the
	// container's items may be given back by reading them again.
	if (y->rs == R_BORROWED && y->owner >= 0 && !y->slot_const)
		s->syms[y->owner].items_taken = true;
	y->kind = OL_SM_PYREF;
	y->rs = R_OWNED;
	y->refs = 1;
	y->borrowed_base = true;
	// An item borrowed from a container slot and increfed in place
	// (`Py_XINCREF(PyTuple_GET_ITEM(t, i))`, the "borrowed slot" idiom)
	// may be the slot's own reference: no leak is reported for it.
	if (y->owner >= 0)
		y->weak = true;
	// Stored in a local array or struct first: the reference may be
	// the one that array or struct holds, likewise.
	if (y->in_local_agg)
		y->weak = true;
	y->owner = -1; // a strong reference: no longer tied to its owner
	// Taken on a type object, it may be the one an instance keeps on its
	// heap type (a revived or hand-made instance): no leak is reported.
	if (arg && type_object_pointer(&arg->type))
		y->weak = true;
	y->acq = NULL;
	y->acq_name = api;
	y->acq_ev = c->h = hist_add(
		c, c->h, loc,
		ol_arena_printf(c->a, "reference taken here by '%s'", api));
}

/* ------------------------------------------------------------------ */
/* Container slots                                                      */


// The field-slot name of item k of a tuple or list (constant, so nothing
// is allocated per read), or NULL past the first 32.
static const char *item_slot_name(long long k)
{
	static const char *const names[] = {
		"ob_item[0]", "ob_item[1]", "ob_item[2]", "ob_item[3]",
		"ob_item[4]", "ob_item[5]", "ob_item[6]", "ob_item[7]",
		"ob_item[8]", "ob_item[9]", "ob_item[10]", "ob_item[11]",
		"ob_item[12]", "ob_item[13]", "ob_item[14]", "ob_item[15]",
		"ob_item[16]", "ob_item[17]", "ob_item[18]", "ob_item[19]",
		"ob_item[20]", "ob_item[21]", "ob_item[22]", "ob_item[23]",
		"ob_item[24]", "ob_item[25]", "ob_item[26]", "ob_item[27]",
		"ob_item[28]", "ob_item[29]", "ob_item[30]", "ob_item[31]",
	};
	return k >= 0 && k < (long long)(sizeof names / sizeof *names)
		       ? names[k]
		       : NULL;
}

// For `t->ob_item` (the base of a GET_ITEM expansion), the value of `t`
// when it is a plain variable (reading it again has no effect).
static int macro_container(ctx *c, state *s, const ol_expr *base)
{
	if (!base || base->kind != OL_E_MEMBER || !base->sub[0])
		return -1;
	// `t` or `self->lst`: reading it again gives the same value (field
	// slots) and has no effect.
	const ol_expr *x = base->sub[0];
	for (const ol_expr *p = x; p; p = p->sub[0]) {
		if (p->kind == OL_E_VAR)
			return sym_root(s, eval(c, s, x));
		if (p->kind != OL_E_MEMBER)
			return -1;
	}
	return -1;
}

// Records that moved value `v` now sits in slot `idx` of container `cont`.
static void in_slot(state *s, int v, int cont, const sym *idx)
{
	// (An extra reference taken on a borrow and stolen, `Py_INCREF(self);
	// PyTuple_SET_ITEM(t, 0, self);`, leaves the borrow it was taken on:
	// whoever lent it keeps it alive, not the container.)
	if (v < 0 || cont < 0 || s->syms[v].rs != R_MOVED ||
	    s->syms[v].borrowed_base)
		return;
	s->syms[v].owner = cont;
	s->syms[v].slot_const = idx->has_val;
	s->syms[v].slot_val = idx->val;
}

// `old = PyList_GET_ITEM(l, i); PyList_SET_ITEM(l, i, new);`: the list's
// reference to `old` is now the caller's (slot replacement). Borrows from
// container `cont` at that slot (or an unknown one) become owned; `weak`,
// since the slot may have been another: no leak is reported for them.
static void slot_takeover(ctx *c, state *s, int cont, const sym *idx,
			  ol_loc loc)
{
	// What was read from the container's items is stale now.
	drop_fields_named(s, cont, "ob_item[");
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		// A borrow read from the slot, or a reference the container
		// stole into it earlier (`SET_ITEM(t, j, NULL)` hands it
		// back: the "borrowed slot" idiom).
		if ((y->rs != R_BORROWED && y->rs != R_MOVED) ||
		    y->owner != cont || y->static_obj)
			continue;
		if (y->slot_const && idx->has_val && idx->val != y->slot_val)
			continue;
		if (y->debt_ev) {
			// We released the slot's reference; now the slot is
			// overwritten and the debt is settled.
			y->debt_ev = NULL;
			y->rs = R_RELEASED;
			y->owner = -1;
			continue;
		}
		own_slot_item(c, y, loc, "takes over the container's reference "
			      "when its slot is overwritten");
	}
}

// PyTuple_GET_ITEM(t, i), as `t->ob_item[i]`: a borrow from the container
// at slot i. (`b` is t->ob_item, evaluated.)
static int pyref_index_read(ctx *c, state *s, const ol_expr *e, int b)
{
	(void)b;
	const ol_kb_entry *m = macro_entry(c, e);
	if ((!m || m->ret != OL_KB_RET_BORROWED) && is_pyobj(&e->type) &&
	    e->sub[0]->kind == OL_E_MEMBER &&
	    e->sub[0]->text && !strcmp(e->sub[0]->text, "ob_item") &&
	    c->kb) {
		// `t->ob_item[i]`: a GET_ITEM written inside another
		// macro (Py_XINCREF(PyTuple_GET_ITEM(t, i))), whose
		// expansion hides the inner macro's name.
		const char *ot = owner_type_of(e->sub[0]);
		m = ol_kb_lookup(c->kb, ot && strstr(ot, "List")
						? "PyList_GET_ITEM"
						: "PyTuple_GET_ITEM");
	}
	if (m && m->ret == OL_KB_RET_BORROWED && is_pyobj(&e->type)) {
		// PyTuple_GET_ITEM(t, i): a borrow from the container.
		int o = macro_container(c, s, e->sub[0]);
		// (eval() may grow s->syms: take the index first.)
		int ixs = sym_root(s, eval(c, s, e->sub[1]));
		const sym *ix = &s->syms[ixs];
		bool kc = ix->has_val;
		long long kv = ix->val;
		// An item of the object a `void f(PyObject *self)`
		// works on (a tuple subclass's dealloc releasing its
		// items): the container's references are its to drop.
		bool dealloc_like = c->fn->nparams == 1 &&
				    c->fn->ret.cls == OL_TY_VOID &&
				    is_param0(c, s, o);
		// `t->ob_item[0]` read twice is one value
		// (`Py_INCREF(GET_ITEM(a, 0)); x = GET_ITEM(a, 0);`).
		// `Py_INCREF(a->ob_item[i]); return a->ob_item[i];`
		// with the same i: one value too.
		const char *slot = o < 0 ? NULL
			: kc ? item_slot_name(kv) : "ob_item[]";
		fslot *f = NULL;
		for (unsigned k = 0; slot && k < s->nfs && !f; k++)
			if (s->fs[k].base == o &&
			    !strcmp(s->fs[k].field, slot) &&
			    (kc || s->fs[k].ix == ixs))
				f = &s->fs[k];
		if (f)
			return f->val;
		int r = new_borrowed(c, s, S_ZERO | S_POS, m->name,
				     e->loc, dealloc_like);
		s->syms[r].acq = m;
		if (o >= 0)
			s->syms[r].owner = o;
		s->syms[r].slot_const = kc;
		s->syms[r].slot_val = kv;
		// Only the last read at an unknown index is kept (a
		// loop would otherwise pile them up).
		if (slot && !kc)
			drop_fields_named(s, o, slot);
		if (slot)
			field_add(s, o, slot, r, true)->ix = kc ? -1 : ixs;
		return r;
	}
	return -1;
}

// PyTuple_SET_ITEM(t, i, v) written as `t->ob_item[i] = v`: the container
// steals v, and what the slot held is the caller's again.
static bool pyref_assign(ctx *c, state *s, const ol_expr *e, int r)
{
	const ol_kb_entry *m = macro_entry(c, e);
	if (m && e->op == OL_OP_NONE && e->sub[0]->kind == OL_E_INDEX &&
	    m->nargs >= 3 && m->args[2].effect == OL_KB_ARG_STEAL) {
		// PyTuple_SET_ITEM(t, i, v) as `t->ob_item[i] = v`: the
		// container steals v.
		const ol_expr *slot = e->sub[0];
		int b = eval(c, s, slot->sub[0]);
		int ix = eval(c, s, slot->sub[1]);
		deref_check(c, s, b, e->loc);
		int o = macro_container(c, s, slot->sub[0]);
		sym ixv = s->syms[ix];
		if (o >= 0)
			slot_takeover(c, s, o, &ixv, e->loc);
		steal(c, s, r, m->name, e->loc);
		if (o >= 0)
			in_slot(s, sym_root(s, r), o, &ixv);
		return true;
	}
	return false;
}

// `t->ob_item[i] = v` (Py_XSETREF of a tuple item): the slot's previous
// item is the caller's now.
static void pyref_store_through(ctx *c, state *s, const ol_expr *lhs, int w,
				int ix)
{
	(void)w;
	if (ix >= 0 && is_pyobj(&lhs->type) &&
	    lhs->sub[0]->kind == OL_E_MEMBER && lhs->sub[0]->text &&
	    !strcmp(lhs->sub[0]->text, "ob_item")) {
		int cont = macro_container(c, s, lhs->sub[0]);
		sym ixv = s->syms[ix];
		slot_takeover(c, s, cont, &ixv, lhs->loc);
	}
}

// PyTuple_SET_ITEM(t, i, v) called (a static inline function in 3.11):
// the slot's previous item becomes the caller's.
static void pyref_after_args(ctx *c, state *s, const ol_expr *e,
			     const ol_kb_entry *ent, const int *args)
{
	if (ent && ent->macro && e->nargs >= 3 && ent->nargs >= 3 &&
	    ent->args[2].effect == OL_KB_ARG_STEAL) {
		sym ixv = s->syms[args[1]];
		int cont = sym_root(s, args[0]);
		slot_takeover(c, s, cont, &ixv, e->loc);
		in_slot(s, sym_root(s, args[2]), cont, &ixv);
	}
	ol_borrow_after_args(c, s, e, ent, args);
}

// `PyObject_CallObject((PyObject *)&WrapType, NULL)`: a call of a static
// type object, which makes an instance of it (never Py_None or another
// static object). The callable is the call's first argument.
static bool calls_a_type_object(const ol_expr *e, const ol_kb_entry *ent,
				unsigned nargs)
{
	if (!nargs || ent->ret != OL_KB_RET_NEW || !ent->runs_python ||
	    strncmp(ent->name, "PyObject_Call", 13))
		return false;
	const ol_expr *f = strip_casts(e->args[0]);
	return f && f->kind == OL_E_ADDR && f->sub[0] &&
	       f->sub[0]->kind == OL_E_VAR && type_object_pointer(&f->type);
}

// `Py_BuildValue("i", v)`: one unit that makes a number, or a tuple,
// list or dict of units, written as such or as two units or more (never
// Py_None: "" makes it, "z" of NULL too; nor the empty tuple "()").
static bool builds_no_static(const ol_expr *e, const ol_kb_entry *ent)
{
	if (ent->format_kind != OL_KB_FORMAT_BUILD || ent->format_arg < 0 ||
	    (unsigned)ent->format_arg >= e->nargs)
		return false;
	const ol_expr *fe = e->args[ent->format_arg];
	if (fe->kind != OL_E_STRING || !fe->text)
		return false;
	const char *f = fe->text;
	while (*f == ' ')
		f++;
	if ((f[0] == '(' || f[0] == '[' || f[0] == '{') &&
	    strcmp(f, "()") && f[1])
		return true;
	// Two units or more at the top (`"SiiSSS"`) make a tuple of them.
	unsigned units = 0;
	int depth = 0;
	for (const char *p = f; *p; p++) {
		if (*p == '(' || *p == '[' || *p == '{')
			units += depth++ == 0;
		else if (*p == ')' || *p == ']' || *p == '}')
			depth--;
		else if (depth == 0 && ((*p >= 'a' && *p <= 'z') ||
					(*p >= 'A' && *p <= 'Z')))
			units++;
	}
	if (units >= 2)
		return true;
	return f[0] && strchr("bBhHiIlkLKncCdfD", f[0]) && !f[1];
}

static void pyref_after_call(ctx *c, state *s, const ol_expr *e,
			     const ol_kb_entry *ent, const int *args,
			     unsigned nargs, int ret, const int *acq,
			     unsigned nacq)
{
	(void)acq;
	(void)nacq;
	ol_borrow_after_call(c, s, e, ent, args, ret);
	int r = ret >= 0 ? sym_root(s, ret) : -1;
	if (r >= 0 && s->syms[r].rs == R_OWNED && ent &&
	    (calls_a_type_object(e, ent, nargs) || builds_no_static(e, ent)))
		s->syms[r].not_static = true;
}

/* ------------------------------------------------------------------ */
/* Fields, returns, static objects                                      */

// The field's own reference, read before, is now ours: `tmp = self->x;
// self->x = NULL;`.
static void pyref_field_overwritten(ctx *c, state *s, int i,
				    const ol_expr *lhs)
{
	sym *old = &s->syms[i];
	if (old->rs == R_BORROWED) {
		old->rs = R_OWNED;
		old->refs = 1;
		old->weak = false;
		old->acq_name = NULL;
		old->acq_ev = c->h = hist_add(
			c, c->h, lhs->loc,
			ol_arena_printf(c->a, "takes over the reference held "
					"by field '%s'", lhs->text));
		old->field_ref = lhs->type.pointee;
	}
}

// The function itself is declared to return a borrowed reference: by an
// annotation on it (cpychecker's returns_borrowed_ref included) or by a
// rules file.
static bool declared_borrowed(const ctx *c)
{
	if (c->fn->attrs && strstr(c->fn->attrs, "mojo::borrowed_ref"))
		return true;
	const ol_kb_entry *e = c->kb && c->fn->name
		? ol_kb_lookup(c->kb, c->fn->name) : NULL;
	return e && !e->macro && e->ret == OL_KB_RET_BORROWED;
}

// The function's own summary says that it returns a borrowed reference,
// or says by a flag whether it owns what it returns. (Known after a quiet
// pass: a pass run ahead of it does not know.)
static bool summary_says_borrowed(ctx *c)
{
	ahead_differs(c);
	return returns_ownership_flag(c->fn, c->sum) ||
	       (c->sum && c->sum->entry.ret == OL_KB_RET_BORROWED &&
		!interp_contract(c->fn));
}

// `weak` borrows (read from a field or a global) are not reported as
// returned: a helper may hand them out knowingly. CPython, calling a
// registered function, may not: `self->field` and a global, read and
// returned as they are, are its bugs (unless the path stored the value
// somewhere first, a shuffle of fields this engine does not follow).
static bool certain_borrow(const ctx *c, const sym *y)
{
	return interp_contract(c->fn) && !y->handed_over &&
	       ((y->from_field && y->from_param0) || y->from_global);
}

// `char`, `const char`, `unsigned char`: a string's bytes.
static bool names_char(const char *pointee)
{
	size_t n = strlen(pointee);
	return n >= 4 && !strcmp(pointee + n - 4, "char");
}

// A function CPython could call through a table: a method's `(self,
// args, ...)`, with `self` an object that is no type, or tp_new's `(type,
// args, kwds)`. Its second parameter is a pointer (the arguments'
// tuple, a vector of them, a getter's closure), never a string: `(tuple,
// pos)` and `(dict, key)` with a `const char *` key are an accessor's.
static bool method_shaped(const ol_func *fn)
{
	const ol_type *second = fn->nparams >= 2 ? &fn->vars[1]->type : NULL;
	if (!second || !is_object_pointer(&fn->vars[0]->type) ||
	    second->cls != OL_TY_POINTER ||
	    (second->pointee && names_char(second->pointee)))
		return false;
	return !is_type_pointer(&fn->vars[0]->type) || fn->nparams == 3;
}

// A function no table registers, not shaped as one CPython calls, hands
// back a parameter as it came (Boost.Python's `pytype_check(type,
// source)`, which throws or returns `source`), an item of a parameter's
// container (PyCppContainers' `py_tuple_get(tuple, pos)`, a documented
// borrowing wrapper of `PyTuple_GET_ITEM`) or a static object (PyCXX's
// `_False()`): with no caller in view, that is a pass-through or an
// accessor by its own design, not a new reference it forgot to take. So
// is the result of a function of the project that returns nothing but a
// bare `Py_None` (or True, False), handed on as it came (MangoEngine's
// event dispatcher returning what each handler returns, the setters'
// `return Py_None;`): the function keeps its callee's contract, and its
// summary tells its own callers. (Not a borrow of a live object: a
// dict's item passed on is one the caller may see die,
// pyref/107-borrowed-returned-bad.c.)
static bool passed_back(const ctx *c, const state *s, const sym *y)
{
	const sym *cont = y->owner >= 0 ? &s->syms[y->owner] : NULL;
	bool param_item = cont && cont->param >= 0 && !cont->borrowed_base &&
			  (unsigned)cont->param < c->fn->nparams &&
			  y->rs == R_BORROWED && y->kind == OL_SM_PYREF;
	bool helper_result = y->rs == R_BORROWED && y->acq &&
			     inferred_entry(y->acq) &&
			     y->acq->ret == OL_KB_RET_BORROWED &&
			     y->acq->cached_result;
	return !interp_contract(c->fn) && !method_shaped(c->fn) && !y->weak &&
	       ((y->param >= 0 && y->rs == R_BORROWED && !y->borrowed_base &&
		 (unsigned)y->param < c->fn->nparams &&
		 is_object_pointer(&c->fn->vars[y->param]->type) &&
		 !c->fn->vars[y->param]->owner_copy) ||
		param_item || y->static_obj || helper_result);
}

// A function whose callers expect a new reference returns `r`: stolen
// (MOJO-OWN-102) or borrowed (MOJO-OWN-107) is a finding.
static bool pyref_return(ctx *c, state *s, int r, ol_loc loc)
{
	sym *y = &s->syms[r];
	if (!returns_new_reference(c))
		return false;
	// (A helper no table registers handing back an object it gave away
	// while another holder keeps it too, polyvr's `newModule()`: put in
	// sys.modules, then stolen by its package's PyModule_AddObject, and
	// returned as a borrowed reference: its callers are told so by its
	// summary.)
	if (y->rs == R_MOVED && y->held_elsewhere && !interp_contract(c->fn) &&
	    !method_shaped(c->fn))
		return false;
	if (y->rs == R_MOVED) {
		report(c, OL_CHECK_OWN_USE_AFTER_MOVE, y, loc,
		       ol_arena_printf(c->a, "%s is returned after its "
				       "reference was stolen", describe(c, y)),
		       "returned here as a new reference");
		y->rs = R_STOP;
		return true;
	}
	if (y->rs == R_BORROWED && y->signs != S_ZERO &&
	    (!y->weak || certain_borrow(c, y)) && !c->quiet &&
	    // A static helper returning a borrowed Py_None as a marker
	    // (_ssl.c's _get_peer_alt_names): the file's own callers know
	    // it, and never release it. (A function registered in a table
	    // is called by CPython, which expects a new reference.)
	    !(y->static_obj && c->fn->is_static &&
	      !interp_contract(c->fn)) &&
	    // (None, True, False: immortal in the Python the file is
	    // written for, frontend/pyversion.h)
	    !(y->static_obj && c->fn->immortal_statics) &&
	    !passed_back(c, s, y) &&
	    !declared_borrowed(c) && !summary_says_borrowed(c)) {
		report(c, OL_CHECK_OWN_BORROW_AS_NEW, y, loc,
		       ol_arena_printf(c->a, "%s is returned but callers "
				       "expect a new reference",
				       describe(c, y)),
		       "returned here without Py_NewRef/Py_INCREF");
		y->rs = R_STOP;
		return true;
	}
	return false;
}

// A new object from a constructor of the C API (PyList_New,
// PyUnicode_FromString, PyTuple_Pack): never Py_None or another static
// object. PyBool_FromLong returns the static Py_True/Py_False.
static bool pyref_never_static(const ctx *c, const sym *y)
{
	(void)c;
	if (y->not_static)
		return true;
	const ol_kb_entry *e = y->acq;
	if (e && e->ret == OL_KB_RET_NEW && e->fresh_result)
		return true; // (its rules entry says so: pyxser's
			     // `IS_NONE(PyUnicode_AsEncodedString(..))`)
	if (!e || e->ret != OL_KB_RET_NEW || e->returns_arg >= 0 ||
	    e->runs_python || strcmp(e->family, "cpython") ||
	    !strncmp(e->name, "PyBool_", 7))
		return false;
	return strstr(e->name, "_New") || strstr(e->name, "_From") ||
	       strstr(e->name, "_Pack") || strstr(e->name, "_AsTuple");
}

/* ------------------------------------------------------------------ */
/* The path's end                                                       */

// A reference released while its container's slot still held it, and
// the slot never overwritten (MOJO-OWN-102); a borrowed reference or a
// static object stolen and never paid for by a Py_INCREF (MOJO-OWN-106).
static void report_slot_debts(ctx *c, state *s)
{
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (!y->debt_ev)
			continue;
		// (The path as it was at the release or the steal: the
		// steps stay in the order they happened.)
		unsigned until = c->until_seq;
		c->until_seq = step_until(c, y->debt_ev);
		if (y->rs == R_BORROWED && y->debt_kept)
			report_borrowed_handover(c, y, y->debt_api,
						 y->debt_ev->loc, false);
		else if (y->rs == R_BORROWED)
			report_borrowed_handover(c, y, y->debt_api,
						 y->debt_ev->loc, true);
		else if (y->rs == R_MOVED)
			report_release_moved(c, y, y->debt_api, y->debt_ev->loc);
		c->until_seq = until;
		y->debt_ev = NULL;
		y->static_owed = 0;
	}
}

static bool pyref_leak_excused(const ctx *c, const state *s, const sym *y,
			       bool lost)
{
	(void)s;
	return !lost && (held_for_caller(c, y) || kept_alive_self(c, y));
}

const ol_sm ol_sm_pyref = {
	.kind = "pyref",
	.noun = "new reference",
	.acquire_phrase = "new reference returned by",
	.escape_into_void_param = true,
	.borrow_out = true,
	.acquire_may_share = true,
	.borrows_are_references = true,
	.on_release = pyref_release,
	.on_steal = pyref_steal,
	.on_incref = pyref_incref,
	.leak_excused = pyref_leak_excused,
	.on_field_overwritten = pyref_field_overwritten,
	.on_store = owe_here,
	.never_static = pyref_never_static,
	.on_return = pyref_return,
	.on_index_read = pyref_index_read,
	.on_assign = pyref_assign,
	.on_store_through = pyref_store_through,
	.before_call = ol_borrow_storage_moved,
	.after_args = pyref_after_args,
	.after_call = pyref_after_call,
	.on_member_read = ol_borrow_member_read,
	.on_exit_pending = report_slot_debts,
	.on_exit = borrow_escapes,
};
