/*
 * holder.c — who holds each reference, and what dies with its holder.
 *
 * The engine knows whether the function owns a reference, borrows it or
 * gave it away. This file adds, for a reference the function gave to a
 * container it made itself, who holds it now: that container. Then
 *
 *   po = PyLong_FromLong(start);
 *   PyDict_SetItemString(kwargs, "start", po);  // kwargs holds po too
 *   Py_DECREF(po);                              // kwargs alone keeps it
 *   ...
 *   Py_DECREF(kwargs);                          // kwargs dies, po with it
 *   v = PyLong_AsLong(po);                      // [MOJO-BOR-201]
 *
 * is a use after free, reported with the holder named: "'po' ... was kept
 * alive only by 'kwargs' (stored at line 21), which released it at line
 * 30". The same holds for a reference stolen into a container by a
 * function (PyList_SetItem, PyTuple_SetItem, PyException_SetCause: the
 * first argument holds what a later argument gives it), and for the
 * object a SetItem's slot held when a later SetItem of the same constant
 * slot replaces it (the function form releases what the slot held).
 *
 * Holder facts live on the held value (sym.holder, hold_ev, hold_slot)
 * and the holder's death is applied at once, at the release that kills
 * it: the holder's variable is usually dead right after that release,
 * and its value collected with it.
 *
 * Precision first. A container holds for the path only when the path can
 * see its whole life:
 *   - it was made here by a constructor of the C API (a new reference no
 *     Python code returned, not one of an object kept elsewhere);
 *   - it was never lent to code that may keep it or its items: a function
 *     the knowledge base does not know (a summary's, a contract's, an
 *     unknown one), or a known one that returns a new reference made from
 *     it (a copy, a tuple packed with it, an iterator over it). The call
 *     protocols (PyObject_Call & co.) lend for the call's duration only;
 *   - it was not stored anywhere (then it escaped, and is no longer owned),
 *     put in another container (a holder of its own, whose death then
 *     kills both), or put in a local array or struct.
 * An object holds only what the function handed it while owning it: an
 * object borrowed from elsewhere, or one the function still holds a
 * reference to, does not die with the container. An object held by two
 * containers is held by neither alone.
 */
#include "engine_int.h"

#include <stdint.h>
#include <string.h>

// Nested containers whose deaths are followed (a tuple of dicts of ...).
#define MAX_HOLDER_DEPTH 8

static bool known_family(const ol_kb_entry *ent)
{
	return ent && ent->family && (!strcmp(ent->family, "cpython") ||
				      !strcmp(ent->family, "numpy"));
}

// The call protocols lend their arguments to the callee for the call's
// duration.
static bool call_protocol(const ol_kb_entry *ent)
{
	return !strncmp(ent->name, "PyObject_Call", 13) ||
	       !strncmp(ent->name, "PyObject_Vectorcall", 19) ||
	       !strncmp(ent->name, "PyEval_Call", 11);
}

// Container `o` was made by this path, by a constructor of the C API,
// and was never lent or let out.
static bool made_here(const sym *o)
{
	const ol_kb_entry *a = o->acq;
	return o->kind == OBJECT_KIND && !o->borrowed_base && !o->weak &&
	       !o->static_obj && !o->lent && !o->in_local_agg &&
	       o->param < 0 && o->owner < 0 && known_family(a) &&
	       a->ret == OL_KB_RET_NEW && a->returns_arg < 0 &&
	       !a->runs_python && !a->held_elsewhere;
}

// ... and what keeps it alive is the function's own reference, or one
// container the path follows (itself held so).
static bool followed_container(const sym *o)
{
	return made_here(o) && ((o->rs == R_OWNED && !o->held_elsewhere) ||
				o->holder >= 0);
}

// ... and nothing but the function's own reference keeps it alive.
static bool private_container(const sym *o)
{
	return made_here(o) && !o->held_elsewhere && o->holder < 0;
}

// What `y` holds is only the container's: the function gave its own
// reference away (stolen, or released once the container kept one) and
// took none since.
static bool only_the_holder_keeps(const sym *y)
{
	switch (y->rs) {
	case R_MOVED:
		return true;
	case R_RELEASED:
		return y->held_elsewhere;
	case R_BORROWED:
		// (a released one used since: a borrow from its holder)
		return y->hold_ev != NULL;
	default:
		return false;
	}
}

void ol_holder_lend(state *s, const ol_kb_entry *ent, int a)
{
	a = sym_root(s, a);
	// (Only a container that may die here is marked: a mark on every
	// borrowed argument would split states for nothing.)
	if (a < 0 || s->syms[a].lent || !made_here(&s->syms[a]))
		return;
	if (known_family(ent) &&
	    (ent->ret != OL_KB_RET_NEW || ent->returns_arg >= 0 ||
	     call_protocol(ent)))
		return;
	s->syms[a].lent = true;
}

static void die(ctx *c, state *s, int cont, const char *cont_name,
		const char *why, ol_loc loc, int slot_const, long long slot,
		unsigned depth);

// `y` dies with holder `cont` (named `cont_name`) at `loc`.
static void holder_kills(ctx *c, state *s, int i, const char *cont_name,
			 const char *why, ol_loc loc, unsigned depth)
{
	sym *y = &s->syms[i];
	const char *n = y->name && strncmp(y->name, "_py_", 4) ? y->name
							       : NULL;
	if (y->param >= 0)
		ahead_differs(c); // (a quiet pass keeps no holders)
	y->held_by = cont_name;
	y->held_elsewhere = false;
	y->holder = -1;
	if (y->rs != R_MOVED)
		y->rs = R_RELEASED;
	// (An item a SET_ITEM macro stole keeps its own steps: its use is
	// reported as a borrow of the released tuple, report.c.)
	if (y->owner < 0)
		y->rel_ev = c->h = hist_add(
			c, c->h, loc,
			n ? ol_arena_printf(c->a, "%s, and with it '%s'", why, n)
			  : ol_arena_printf(c->a, "%s, and with it what it "
					    "held", why));
	// What it held dies with it (a dict in a tuple).
	if (made_here(y) && depth < MAX_HOLDER_DEPTH)
		die(c, s, i, n, why, loc, -1, 0, depth + 1);
}

// Container `cont` no longer holds what it held (at `slot` only when
// `slot_const`): each object only it kept dies; one the function holds a
// reference to too is simply no longer held by it.
static void die(ctx *c, state *s, int cont, const char *cont_name,
		const char *why, ol_loc loc, int slot_const, long long slot,
		unsigned depth)
{
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (y->holder != cont)
			continue;
		if (slot_const >= 0 &&
		    (!y->hold_slot_const || y->hold_slot != slot))
			continue;
		if (!only_the_holder_keeps(y) || !cont_name) {
			y->holder = -1;
			continue;
		}
		holder_kills(c, s, (int)i, cont_name, why, loc, depth);
	}
}

void ol_holder_released(ctx *c, state *s, int i, const char *api,
			ol_loc loc)
{
	sym *o = &s->syms[i];
	if (c->quiet || !private_container(o))
		return;
	const char *n = o->name && strncmp(o->name, "_py_", 4) ? o->name
							       : NULL;
	die(c, s, i, n,
	    n ? ol_arena_printf(c->a, "'%s' released here by '%s'", n, api)
	      : ol_arena_printf(c->a, "its container released here by '%s'",
				api),
	    loc, -1, 0, 0);
}

// An argument after `k` of `ent` names the slot `k` is stored at: the
// index of a SetItem (`PyList_SetItem(l, i, v)`, index constant).
static bool stored_at_slot(const state *s, const ol_kb_entry *ent,
			   const int *args, unsigned nargs, unsigned k,
			   long long *slot)
{
	if (k != 2 || nargs != 3 || ol_kb_arg_effect(ent, 1) != OL_KB_ARG_NONE)
		return false;
	const sym *ix = &s->syms[sym_root(s, args[1])];
	*slot = ix->val;
	return ix->has_val && ix->val >= 0 && ix->val <= INT32_MAX;
}

void ol_holder_take(ctx *c, state *s, const ol_kb_entry *ent,
		    const int *args, unsigned nargs, unsigned k, bool stolen,
		    bool was_held, ol_loc loc)
{
	if (c->quiet || k == 0 || nargs < 2 || !known_family(ent))
		return;
	ol_kb_effect first = ol_kb_arg_effect(ent, 0);
	if (first != OL_KB_ARG_BORROW && first != OL_KB_ARG_MUTATE)
		return;
	int cont = sym_root(s, args[0]);
	int i = sym_root(s, args[k]);
	if (cont < 0 || i < 0 || cont == i)
		return;
	sym *o = &s->syms[cont];
	long long slot = 0;
	bool at_slot = stolen && !ent->macro &&
		       stored_at_slot(s, ent, args, nargs, k, &slot);
	if (at_slot && followed_container(o)) {
		// The function form of a SetItem releases what the slot held.
		const char *n = o->name && strncmp(o->name, "_py_", 4)
			? o->name : NULL;
		die(c, s, cont, n,
		    n ? ol_arena_printf(c->a, "slot %lld of '%s' overwritten "
					"here by '%s'", slot, n, ent->name)
		      : ol_arena_printf(c->a, "its slot overwritten here by "
					"'%s'", ent->name),
		    loc, 1, slot, 0);
	}
	sym *y = &s->syms[i];
	if (y->kind != OBJECT_KIND || y->signs == S_ZERO)
		return;
	bool ours = (y->rs == R_OWNED || (stolen && y->rs == R_MOVED)) &&
		    !y->borrowed_base && !y->weak && !y->static_obj &&
		    y->param < 0;
	// Stolen while the function keeps a reference too: the container
	// holds the other (a later release of ours is not the last).
	if (stolen && y->rs == R_OWNED)
		y->held_elsewhere = true;
	if (!ours || !followed_container(o) ||
	    (y->holder >= 0 && y->holder != cont) ||
	    (y->holder < 0 && was_held)) {
		// Held by something the path cannot see die, or by two.
		y->holder = -1;
		y->hold_ev = NULL;
		return;
	}
	y->holder = cont;
	y->hold_ev = hist_add(c, c->h, loc, "stored here");
	y->hold_slot_const = at_slot;
	y->hold_slot = at_slot ? (int32_t)slot : 0;
}

// MOJO-BOR-201: `y` is used after the only holder of its reference
// released it.
bool ol_holder_use_check(ctx *c, sym *y, ol_loc loc, const char *how)
{
	if (!y->held_by || (y->rs != R_RELEASED && y->rs != R_MOVED) ||
	    !y->hold_ev || !y->rel_ev)
		return false;
	report(c, OL_CHECK_BOR_OUTLIVES, y, loc,
	       ol_arena_printf(c->a, "%s is %s after it was kept alive only "
			       "by '%s' (stored at line %u), which released "
			       "it at line %u", describe(c, y), how,
			       y->held_by, y->hold_ev->loc.line,
			       y->rel_ev->loc.line),
	       ol_arena_printf(c->a, "%s here", how));
	y->rs = R_STOP;
	return true;
}

/* ------------------------------------------------------------------ */
/* Fields as holders: a reference paid back on another name             */

// A field's pointee type and an object's type name the same kind of
// object (PyObject holds any; "struct Foo" is "Foo").
static bool field_may_hold(const char *field_type, const char *obj_type)
{
	if (!field_type || !obj_type)
		return false;
	if (!strncmp(field_type, "struct ", 7))
		field_type += 7;
	if (!strncmp(obj_type, "struct ", 7))
		obj_type += 7;
	return !strcmp(field_type, "PyObject") ||
	       !strcmp(field_type, "_object") ||
	       !strcmp(field_type, obj_type);
}

// `Py_INCREF(self); other->owner = self;` in one function, `other->owner
// = NULL; Py_DECREF(self);` in another: the release pays back the
// reference the field held. The function took that reference over when
// it cleared the field (read first: the value read is owned, tested
// perhaps, never released; not read: the cleared slot owes it), and the
// object released is a parameter of a type the field can hold.
bool ol_holder_field_paid(ctx *c, state *s, int i, const char *api,
			  ol_loc loc)
{
	const sym *y = &s->syms[i];
	if (y->param < 0 || (unsigned)y->param >= c->fn->nparams ||
	    y->kind != OBJECT_KIND)
		return false;
	const char *type = c->fn->vars[y->param]->type.pointee;
	for (unsigned j = 0; j < s->nsyms; j++) {
		sym *v = &s->syms[j];
		if ((int)j == i || !v->field_ref || v->rs != R_OWNED ||
		    v->refs != 1 || !field_may_hold(v->field_ref, type))
			continue;
		mark_released(c, v, api, loc);
		return true;
	}
	for (unsigned k = 0; k < s->nfs; k++) {
		fslot *f = &s->fs[k];
		if (!f->dropped_ref || !field_may_hold(f->dropped_ref, type))
			continue;
		f->dropped_ref = NULL;
		return true;
	}
	return false;
}
