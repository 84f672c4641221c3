/*
 * capsule.c — PyCapsule as an owner (issue 12): what a capsule holds is
 * the capsule's to release when its destructor releases it.
 *
 *   p owned --PyCapsule_New(p, name, dtor) succeeds, dtor releases its
 *       pointer--> moved into the capsule (a borrow of it)
 *   p owned --PyCapsule_New fails--> still owned: a leak of it on the
 *       error exit [MOJO-OWN-105]
 *   p owned --PyCapsule_New(p, name, dtor), dtor one that never reads
 *       its pointer, or one that releases it only under another name-->
 *       still owned (the capsule only points at it)
 *   p owned --PyCapsule_New(p, name, dtor), dtor NULL (a handle: whoever
 *       gets the capsule releases p), of another file, or one that hands
 *       its pointer to code we do not know--> escaped
 *   moved --released by this function--> [MOJO-OWN-102]
 *   moved --the capsule's last reference dropped--> released by its
 *       destructor: --released again--> [MOJO-OWN-104];
 *       --used--> [MOJO-BOR-201]
 *   dtor releases p with another family's function (cudaFree on malloc
 *       memory) --> [MOJO-OWN-111] at PyCapsule_New
 *   PyCapsule_GetPointer(cap) of a capsule made here --> p itself
 *   PyCapsule_SetName / SetDestructor --> the contract is asked again:
 *       moved <--> owned (SetDestructor NULL: escaped);  PyCapsule_SetPointer(cap, q) --> p is the
 *       caller's again, q is held (moved when the destructor releases it)
 *
 * The contract of a destructor is learnt while the destructor itself is
 * analyzed (a function `void f(PyObject *cap)` that reads
 * PyCapsule_GetPointer(cap, name)): which API releases that pointer, of
 * which kind, under which name. It is kept in the destructor's summary;
 * functions named as values are analyzed before their users
 * (engine/summary.c), so PyCapsule_New finds it.
 *
 * The machine has no values of its own kind: a capsule is a Python object
 * (pyref), and what it holds keeps its own kind (heap, cuda, dlpack, ...),
 * so that MOJO-OWN-111 and the messages speak of it. It works through the
 * per-event hooks on values of other kinds. The DLPack protocol on top of
 * capsules ("dltensor" capsules, renaming, `deleter`) is sm/dlpack.c's.
 * What it does not do: capsules of another function (a parameter, an
 * attribute) are not followed, except DLPack's; a PyCapsule_GetPointer
 * result of such a capsule is a plain pointer.
 */
#include "sm.h"
#include "../engine/engine_int.h"

#include <string.h>

// The capsule APIs this machine follows, by name.
typedef enum cap_api {
	API_OTHER,
	API_NEW,
	API_GET_POINTER,
	API_SET_NAME,
	API_SET_DESTRUCTOR,
	API_SET_POINTER,
} cap_api;

static cap_api api_of(const ol_kb_entry *ent)
{
	static const struct {
		const char *name;
		cap_api api;
	} apis[] = {
		{"PyCapsule_GetPointer", API_GET_POINTER},
		{"PyCapsule_New", API_NEW},
		{"PyCapsule_SetDestructor", API_SET_DESTRUCTOR},
		{"PyCapsule_SetName", API_SET_NAME},
		{"PyCapsule_SetPointer", API_SET_POINTER},
	};
	if (!ent || strcmp(ent->family, "cpython"))
		return API_OTHER;
	for (size_t i = 0; i < sizeof apis / sizeof apis[0]; i++)
		if (!strcmp(ent->name, apis[i].name))
			return apis[i].api;
	return API_OTHER;
}

// A string literal argument, else NULL.
static const char *str_arg(const ol_expr *e, unsigned k)
{
	return k < e->nargs && e->args[k]->kind == OL_E_STRING
		       ? e->args[k]->text
		       : NULL;
}

// A destructor argument: the function's name, "" for NULL, NULL when the
// expression is not a function we can name.
static const char *dtor_arg(const ol_expr *e, unsigned k)
{
	if (k >= e->nargs)
		return NULL;
	const ol_expr *a = e->args[k];
	if (a->kind == OL_E_FUNCREF)
		return a->text;
	if (ol_expr_is_null_const(a))
		return "";
	return NULL;
}

// `f` has the shape of a capsule destructor, `void f(PyObject *cap)`, and
// `cap` (a value) is that parameter. (C++ spells the canonical type of
// `PyObject *` "_object *", which the engine's is_pyobj() leaves alone:
// C++ code is not analyzed under the C conventions for objects.)
static bool in_destructor(const ctx *c, const state *s, int cap)
{
	const ol_func *fn = c->fn;
	const ol_type *t = fn->nparams == 1 ? &fn->vars[0]->type : NULL;
	int r = sym_root(s, cap);
	return t && fn->ret.cls == OL_TY_VOID &&
	       (is_pyobj(t) || (t->cls == OL_TY_POINTER && t->pointee &&
				!strcmp(t->pointee, "_object"))) &&
	       r >= 0 && s->syms[r].param == 0;
}

// A capsule made here holds its pointer in this pseudo-field (no C field
// has such a name): the pointer stays reachable while the capsule is, even
// when no variable names it any more.
#define HELD_FIELD "(capsule pointer)"

// The pointer capsule `cap` (made here) holds, or -1.
static int held_by(state *s, int cap)
{
	fslot *f = cap >= 0 ? field_slot(s, cap, HELD_FIELD) : NULL;
	if (!f || f->val < 0 || s->syms[f->val].cap_role != CAP_HELD ||
	    s->syms[f->val].owner != cap)
		return -1;
	return f->val;
}

// `cap` holds `p` from now on.
static void hold(state *s, int cap, int p)
{
	fslot *f = field_slot(s, cap, HELD_FIELD);
	if (f)
		f->val = p;
	else
		field_add(s, cap, HELD_FIELD, p, false);
	s->syms[p].cap_role = CAP_HELD;
	s->syms[p].owner = cap;
}

static const char *cap_label(ctx *c, const sym *cap)
{
	if (cap->name)
		return ol_arena_printf(c->a, "'%s'", cap->name);
	if (cap->cap_name)
		return ol_arena_printf(c->a, "named '%s'", cap->cap_name);
	return "made here";
}

// OWNS_HANDLE: the capsule has no destructor; it is a handle that carries
// the pointer to whoever gets the capsule (a module's C-API table, an API
// with an explicit free function taking the capsule): not ours to follow.
typedef enum owns { OWNS_UNKNOWN, OWNS_YES, OWNS_NO, OWNS_HANDLE } owns;

// Does capsule `cap` (made here) release what it holds? `why` (in the
// function's arena) says why not, for the path's events.
static owns capsule_owns(ctx *c, const sym *cap, const char **why)
{
	*why = NULL;
	if (!cap->cap_dtor)
		return OWNS_UNKNOWN; // not a function we can name
	if (!*cap->cap_dtor && cap->cap_name &&
	    (!strcmp(cap->cap_name, "dltensor") ||
	     !strcmp(cap->cap_name, "dltensor_versioned"))) {
		// DLPack (sm/dlpack.c): a "dltensor" capsule no consumer took
		// must call the tensor's deleter; without a destructor nothing
		// does.
		*why = "a DLPack capsule without a destructor never calls the "
		       "tensor's deleter when no consumer takes it";
		return OWNS_NO;
	}
	if (!*cap->cap_dtor)
		return OWNS_HANDLE;
	const summary *d = summary_of(c, cap->cap_dtor);
	if (!d)
		return OWNS_UNKNOWN; // defined in another file
	if (!d->cap_reads) {
		*why = ol_arena_printf(c->a, "the capsule's destructor '%s' "
				       "never reads its pointer",
				       cap->cap_dtor);
		return OWNS_NO;
	}
	if (!d->cap_rel_api)
		return OWNS_UNKNOWN; // handed to code we do not know
	if (d->cap_rel_name && cap->cap_name &&
	    strcmp(d->cap_rel_name, cap->cap_name)) {
		*why = ol_arena_printf(c->a, "the capsule's destructor '%s' "
				       "releases its pointer only while it is "
				       "named '%s', not '%s'", cap->cap_dtor,
				       d->cap_rel_name, cap->cap_name);
		return OWNS_NO;
	}
	return OWNS_YES;
}

// MOJO-OWN-111: the destructor releases `p` with a function of another
// family than the one that acquired it. True when reported.
static bool wrong_destructor(ctx *c, state *s, int p, const sym *cap,
			     ol_loc loc)
{
	sym *y = &s->syms[p];
	const summary *d = summary_of(c, cap->cap_dtor);
	const char *api = d->cap_rel_api, *kind = d->cap_rel_kind;
	const ol_kb_entry *rel = c->kb ? ol_kb_lookup(c->kb, api) : NULL;
	if (!y->acq || y->kind < 0 || (rel && rel->own_deleter))
		return false;
	bool bad = false;
	if (kind && strcmp(kind, "*") && kind_index(kind) != y->kind)
		bad = true; // cudaFree on heap memory
	else if (kind && strcmp(kind, "*") && y->acq->nreleases_with) {
		bad = true; // PyMem_Free on malloc memory
		for (size_t k = 0; k < y->acq->nreleases_with; k++)
			if (!strcmp(y->acq->releases_with[k], api))
				bad = false;
	}
	if (!bad)
		return false;
	const char *want = y->acq->nreleases_with ? y->acq->releases_with[0]
						  : NULL;
	report(c, OL_CHECK_OWN_MISMATCH, y, loc,
	       ol_arena_printf(c->a, "%s is handed to capsule %s, whose "
			       "destructor '%s' releases it with '%s'%s%s%s",
			       describe(c, y), cap_label(c, cap),
			       cap->cap_dtor, api, want ? "; use '" : "",
			       want ? want : "", want ? "'" : ""),
	       ol_arena_printf(c->a, "handed to a capsule whose destructor "
			       "releases it with '%s'", api));
	y->rs = R_STOP;
	return true;
}

// The capsule's contract changed (a new name, destructor or pointer):
// what it holds is moved into it, or the caller's again.
static void recheck_held(ctx *c, state *s, int cap, const char *api,
			 ol_loc loc)
{
	int p = held_by(s, cap);
	if (p < 0)
		return;
	sym *y = &s->syms[p];
	const char *why;
	owns o = capsule_owns(c, &s->syms[cap], &why);

	// (Escaped: held by this capsule as a handle, before it had a
	// destructor.)
	if (o == OWNS_YES && (y->rs == R_OWNED || y->rs == R_ESCAPED)) {
		y->rs = R_MOVED;
		y->rel_ev = c->h = hist_add(
			c, c->h, loc,
			ol_arena_printf(c->a, "capsule %s owns it after '%s' "
					"here", cap_label(c, &s->syms[cap]),
					api));
	} else if (o == OWNS_HANDLE && y->rs == R_MOVED) {
		y->rs = R_ESCAPED; // whoever gets the capsule releases it
	} else if (o == OWNS_NO && y->rs == R_MOVED) {
		y->rs = R_OWNED;
		path_note(c, loc,
			   ol_arena_printf(c->a, "'%s' is this function's to "
					   "release again after '%s': %s",
					   y->name ? y->name : "the pointer",
					   api, why));
	}
}

// For --dump-graph: capsule `k` made here holds `y`, released by its
// destructor with `rel` (NULL: it only points at it; "(unknown)": what the
// destructor does is not known).
static void capsule_fact(ctx *c, const sym *k, const sym *y, const char *rel,
			 ol_loc loc)
{
	if (c->quiet || !c->opts->on_fact)
		return;
	ol_owner_fact f = {
		.kind = OL_FACT_CAPSULE,
		.owner_type = "(capsule)", // no owner's struct
		.field = k->cap_name,
		.value_type = k->cap_dtor && *k->cap_dtor ? k->cap_dtor : NULL,
		.resource = sm_kind(y),
		.api = y->acq_name,
		.func = c->fn->name,
		.loc = loc,
		.release_api = rel,
	};
	c->opts->on_fact(&f, c->opts->fact_payload);
}

// PyCapsule_New(p, name, dtor) = cap.
static void capsule_new(ctx *c, state *s, const ol_expr *e, const int *args,
			unsigned nargs, int cap)
{
	if (cap < 0 || nargs < 3)
		return;
	sym *k = &s->syms[cap];
	k->cap_role = CAP_OBJECT;
	k->cap_name = str_arg(e, 1);
	k->cap_dtor = dtor_arg(e, 2);
	int p = sym_root(s, args[0]);
	if (p < 0 || s->syms[p].kind < 0 || s->syms[p].signs == S_ZERO)
		return; // not a resource we follow (a static C-API table)
	hold(s, cap, p);
	sym *y = &s->syms[p];
	if (y->rs != R_OWNED)
		return;
	const char *why;
	owns o = capsule_owns(c, k, &why);
	capsule_fact(c, k, y,
		     o == OWNS_YES ? summary_of(c, k->cap_dtor)->cap_rel_api
		     : o == OWNS_UNKNOWN ? "(unknown)" : NULL, e->loc);
	switch (o) {
	case OWNS_YES:
		if (!wrong_destructor(c, s, p, k, e->loc))
			y->move_to_owner = true; // when the call succeeds
		break;
	case OWNS_NO:
		// The capsule only points at it: the pending steal is void.
		if (s->syms[cap].lk == L_STEAL && s->syms[cap].link == p) {
			s->syms[cap].link = -1;
			s->syms[cap].lk = L_NONE;
		}
		path_note(c, e->loc,
			   ol_arena_printf(c->a, "'%s' stays this function's "
					   "to release: %s",
					   y->name ? y->name : "the pointer",
					   why));
		break;
	default:
		break; // the capsule keeps it, as far as we know (escaped)
	}
}

// PyCapsule_GetPointer(cap, name) = r.
static void capsule_get_pointer(ctx *c, state *s, const ol_expr *e,
				const int *args, unsigned nargs, int r)
{
	if (r < 0 || nargs < 1)
		return;
	int cap = sym_root(s, args[0]);
	if (in_destructor(c, s, cap)) {
		// The capsule's own pointer, in its destructor.
		s->syms[r].cap_role = CAP_DTOR_PTR;
		s->syms[r].cap_name = str_arg(e, 1);
		if (c->sum)
			c->sum->cap_reads = true;
		return;
	}
	int p = cap >= 0 ? held_by(s, cap) : -1;
	if (p >= 0 && p != r)
		s->syms[r].base = p; // a capsule made here: its pointer
}

// PyCapsule_SetPointer(cap, q): the old pointer is the caller's again,
// `q` is held (or escapes into a capsule we do not follow).
static void capsule_set_pointer(ctx *c, state *s, const ol_expr *e,
				const int *args, unsigned nargs)
{
	if (nargs < 2)
		return;
	int cap = sym_root(s, args[0]), q = sym_root(s, args[1]);
	if (cap < 0 || s->syms[cap].cap_role != CAP_OBJECT) {
		if (q >= 0)
			escape(s, q);
		return;
	}
	int p = held_by(s, cap);
	if (p >= 0 && p != q) {
		sym *y = &s->syms[p];
		y->cap_role = CAP_NONE;
		y->owner = -1;
		y->move_to_owner = false;
		if (y->rs == R_MOVED) {
			y->rs = R_OWNED;
			path_note(c, e->loc,
				   ol_arena_printf(c->a, "'%s' is this "
						   "function's to release "
						   "again: the capsule holds "
						   "another pointer now",
						   y->name ? y->name
							   : "the pointer"));
		}
	}
	if (q >= 0 && s->syms[q].kind >= 0 && s->syms[q].signs != S_ZERO) {
		hold(s, cap, q);
		recheck_held(c, s, cap, "PyCapsule_SetPointer", e->loc);
	}
}

static void capsule_after_call(ctx *c, state *s, const ol_expr *e,
			       const ol_kb_entry *ent, const int *args,
			       unsigned nargs, int ret, const int *acq,
			       unsigned nacq)
{
	(void)acq;
	(void)nacq;
	int cap = nargs ? sym_root(s, args[0]) : -1;
	cap_api api = api_of(ent);
	// The setters fail only on what is no valid capsule: on a capsule
	// made here they succeed (0), so their error branch is no path.
	if ((api == API_SET_NAME || api == API_SET_DESTRUCTOR ||
	     api == API_SET_POINTER) && ret >= 0 && cap >= 0 &&
	    s->syms[cap].cap_role == CAP_OBJECT &&
	    (api != API_SET_POINTER ||
	     (nargs >= 2 && !(s->syms[sym_root(s, args[1])].signs & S_ZERO)))) {
		s->syms[ret].signs = S_ZERO;
		s->syms[ret].has_val = true;
		s->syms[ret].val = 0;
	}
	switch (api) {
	case API_NEW:
		capsule_new(c, s, e, args, nargs, ret);
		break;
	case API_GET_POINTER:
		capsule_get_pointer(c, s, e, args, nargs, ret);
		break;
	case API_SET_NAME:
		if (cap >= 0 && s->syms[cap].cap_role == CAP_OBJECT) {
			s->syms[cap].cap_name = str_arg(e, 1);
			recheck_held(c, s, cap, ent->name, e->loc);
		}
		break;
	case API_SET_DESTRUCTOR:
		if (cap >= 0 && s->syms[cap].cap_role == CAP_OBJECT) {
			s->syms[cap].cap_dtor = dtor_arg(e, 1);
			recheck_held(c, s, cap, ent->name, e->loc);
		}
		break;
	case API_SET_POINTER:
		capsule_set_pointer(c, s, e, args, nargs);
		break;
	default:
		break;
	}
}

static bool releases(ol_kb_effect eff)
{
	return eff == OL_KB_ARG_RELEASE || eff == OL_KB_ARG_RELEASE_NULL_OK ||
	       eff == OL_KB_ARG_CLEAR;
}

// In a destructor: its capsule's pointer is released (or kept) by `ent`'s
// argument `k`. The summary keeps the release for PyCapsule_New.
static void learn_release(ctx *c, const sym *p, const ol_kb_entry *ent,
			  size_t k)
{
	ol_kb_effect eff = ol_kb_arg_effect(ent, k);
	const char *kind = k < ent->nargs && ent->args[k].resource
				   ? ent->args[k].resource
				   : ent->resource;
	// A helper of this file that frees its argument (a summary's
	// `steal` of any kind); one that only stores it keeps it elsewhere.
	bool helper_frees = eff == OL_KB_ARG_STEAL &&
			    inferred_entry(ent) && !strcmp(kind, "*");
	if (!c->sum || (!releases(eff) && !helper_frees))
		return;
	c->sum->cap_rel_api = ent->name;
	c->sum->cap_rel_kind = ent->own_deleter ? "*" : kind;
	c->sum->cap_rel_name = p->cap_name;
}

// The capsule `cap` (made here) lost its last reference: its destructor
// ran and released what it owned.
static void capsule_died(ctx *c, state *s, int cap, const char *api,
			 ol_loc loc)
{
	int p = held_by(s, cap);
	if (p < 0 || s->syms[p].rs != R_MOVED)
		return;
	sym *y = &s->syms[p];
	y->rs = R_RELEASED;
	y->rel_ev = c->h = hist_add(
		c, c->h, loc,
		ol_arena_printf(c->a, "'%s' drops the last reference to "
				"capsule %s: its destructor releases what it "
				"holds", api, cap_label(c, &s->syms[cap])));
}

// After the arguments' effects: what this call released.
static void capsule_after_args(ctx *c, state *s, const ol_expr *e,
			       const ol_kb_entry *ent, const int *args)
{
	if (!ent)
		return;
	for (unsigned k = 0; k < e->nargs; k++) {
		ol_kb_effect eff = ol_kb_arg_effect(ent, k);
		int r = sym_root(s, args[k]);
		if (r < 0)
			continue;
		sym *y = &s->syms[r];
		if (y->cap_role == CAP_DTOR_PTR) {
			learn_release(c, y, ent, k);
		} else if (y->cap_role == CAP_HELD && y->rs == R_MOVED &&
			   releases(eff) && y->owner >= 0) {
			// MOJO-OWN-102: the capsule owns it now.
			const sym *k2 = &s->syms[y->owner];
			report(c, OL_CHECK_OWN_USE_AFTER_MOVE, y, e->loc,
			       ol_arena_printf(c->a, "%s is released by '%s' "
					       "but capsule %s owns it: its "
					       "destructor '%s' releases it",
					       describe(c, y), ent->name,
					       cap_label(c, k2),
					       k2->cap_dtor ? k2->cap_dtor
							    : "?"),
			       ol_arena_printf(c->a, "released here by '%s'",
					       ent->name));
			y->rs = R_STOP;
		} else if (y->cap_role == CAP_OBJECT && releases(eff) &&
			   y->rs == R_RELEASED && !y->held_elsewhere) {
			capsule_died(c, s, r, ent->name, e->loc);
		}
	}
}

// The path returns and PyCapsule_New's result was never tested (`return
// PyCapsule_New(p, ...)`): when it failed, `p` leaked (MOJO-OWN-105). The
// engine then settles the call as succeeded.
static void capsule_exit_pending(ctx *c, state *s)
{
	for (unsigned i = 0; i < s->nsyms; i++) {
		const sym *k = &s->syms[i];
		if (k->cap_role != CAP_OBJECT || k->lk != L_STEAL ||
		    k->link < 0 || !(k->signs & S_ZERO) || !k->acq_ev)
			continue;
		sym *y = &s->syms[k->link];
		if (y->rs != R_OWNED || y->cap_role != CAP_HELD ||
		    !y->move_to_owner)
			continue;
		const char *msg = ol_arena_printf(
			c->a, "%s is leaked when '%s' fails: its result is "
			"never checked", describe(c, y),
			k->acq_name ? k->acq_name : "PyCapsule_New");
		report_step(c, OL_CHECK_OWN_LEAK_ON_ERROR, y, k->acq_ev, msg,
			    "if the capsule cannot be made, nothing releases "
			    "it");
	}
}

// PyCapsule_New failed (its result is NULL on this path): the pointer was
// never the capsule's.
static void capsule_refine(ctx *c, state *s, int i)
{
	(void)c;
	if (s->syms[i].cap_role != CAP_OBJECT || s->syms[i].signs != S_ZERO)
		return;
	int p = held_by(s, i);
	if (p < 0)
		return;
	s->syms[p].cap_role = CAP_NONE;
	s->syms[p].owner = -1;
	s->syms[p].move_to_owner = false;
}

const ol_sm ol_sm_capsule = {
	.kind = "capsule",
	.noun = "capsule pointer",
	.after_args = capsule_after_args,
	.after_call = capsule_after_call,
	.on_refine = capsule_refine,
	.on_exit_pending = capsule_exit_pending,
};
