/*
 * report.c — findings, leak collection and the end of a path.
 *
 * A finding is built from the path's history: the value's acquisition,
 * the branches taken since (the latest MAX_BRANCH_EVENTS), its release or
 * move, and a final event at the offending statement. Leaks are reported
 * once per acquisition site and rule, as GCC's and Clang's analyzers do.
 *
 * Two kinds of leak:
 *   - at a return, an owned value still held (MOJO-OWN-105 when the return
 *     is the function's error sentinel, else 101);
 *   - between ops, an owned value nobody can reach any more (its last
 *     handle was overwritten or discarded): collect() drops unreachable
 *     values and keeps such a loss pending on the path; when the path
 *     ends it is reported, as 101 if some path from the loss reaches a
 *     normal exit, else 105 (report_lost, flush_lost).
 *
 * The use checks every kind shares live here too: a released value used
 * (103), a borrow used after its owner's release (BOR-201), after its
 * container changed (BOR-207) or after Python code may have run (BOR-206),
 * an unchecked acquisition used (109).
 *
 * The end of a path asks each machine for its verdict on the returned
 * value (on_return) and for what it settles at exits (on_exit_pending,
 * on_exit), and lets a machine excuse a leak (leak_excused).
 */
#include "engine_int.h"
#include "../ol.h"

#include <stdlib.h>
#include <string.h>

// The path steps shown in a finding: the latest branches since the
// acquisition.
#define MAX_BRANCH_EVENTS 12

// The name to show for `y`, or NULL: CPython's macro temporaries
// (`_py_tmp` of Py_XSETREF, `_py_xincref_tmp`, ...) are no names the user
// wrote, so messages describe the value instead.
static const char *shown_name(const sym *y)
{
	const char *n = y ? y->name : NULL;
	if (!n || !strncmp(n, "_py_", 4))
		return NULL;
	return n;
}

static const char *sm_noun(const sym *y)
{
	const ol_sm *m = sm_of(y);
	if (m && y->rs == R_BORROWED && y->kind == OBJECT_KIND)
		return "borrowed reference";
	return m ? m->noun : "resource";
}

// "new reference 'x' from 'PyLong_FromLong'" / "heap memory from 'malloc'"
// / "an extra reference to 'x' (taken by 'Py_INCREF')": an incref of a
// borrowed object is not an acquisition (owned refs on a borrowed base,
// no knowledge-base entry behind them).
const char *describe(ctx *c, const sym *y)
{
	const char *n = shown_name(y);
	const char *api = y->acq_name;
	if (y->borrowed_base && !y->acq && y->rs != R_BORROWED && api)
		return n ? ol_arena_printf(c->a, "an extra reference to '%s' "
					   "(taken by '%s')", n, api)
			 : ol_arena_printf(c->a, "an extra reference taken "
					   "by '%s'", api);
	if (n && api)
		return ol_arena_printf(c->a, "%s '%s' from '%s'", sm_noun(y),
				       n, api);
	if (n)
		return ol_arena_printf(c->a, "%s '%s'", sm_noun(y), n);
	if (api)
		return ol_arena_printf(c->a, "%s from '%s'", sm_noun(y), api);
	return ol_arena_printf(c->a, "a %s", sm_noun(y));
}

// Steps that repeat are shown once: the same step several times in a row
// (one test repeated by two macros: `PySequence_Fast_GET_SIZE(s)` then
// `PySequence_Fast_ITEMS(s)`) as "assuming 'PyList_Check(s)' is true
// (2 times)", and a run of up to MAX_CYCLE steps repeated (the turns of a
// loop) as its first turn, the last step saying "(these 2 steps 6 times)".
#define MAX_CYCLE 4

static bool same_step(const ol_event *a, const ol_event *b)
{
	return a->loc.file == b->loc.file && !strcmp(a->msg, b->msg);
}

static void collapse_repeats(ctx *c, void *evs_vec)
{
	OL_VEC(ol_event) *evs = evs_vec;
	size_t w = 0;
	for (size_t i = 0; i < evs->len;) {
		size_t best_k = 1, best_reps = 1;
		for (size_t k = 1; k <= MAX_CYCLE && i + 2 * k <= evs->len;
		     k++) {
			size_t reps = 1;
			while (i + (reps + 1) * k <= evs->len) {
				bool same = true;
				for (size_t j = 0; j < k && same; j++)
					same = same_step(&evs->items[i + j],
						&evs->items[i + reps * k + j]);
				if (!same)
					break;
				reps++;
			}
			if (reps > 1 && reps * k > best_reps * best_k) {
				best_k = k;
				best_reps = reps;
			}
		}
		for (size_t j = 0; j < best_k; j++)
			evs->items[w + j] = evs->items[i + j];
		if (best_reps > 1) {
			ol_event *last = &evs->items[w + best_k - 1];
			last->msg = best_k == 1
				? ol_arena_printf(c->a, "%s (%zu times)",
						  last->msg, best_reps)
				: ol_arena_printf(c->a, "%s (these %zu steps "
						  "%zu times)", last->msg,
						  best_k, best_reps);
		}
		w += best_k;
		i += best_k * best_reps;
	}
	evs->len = w;
}

bool same_loc(ol_loc a, ol_loc b)
{
	return a.line == b.line && a.col == b.col && a.file == b.file;
}

bool leak_check(ol_check_id k)
{
	return k == OL_CHECK_OWN_LEAK || k == OL_CHECK_OWN_LEAK_ON_ERROR;
}

// What a cached object a leaked reference is to (call.c's cached
// results): for its note.
static const char *cached_what(const sym *y)
{
	const ol_kb_entry *a = y->acq;
	if (y->cached_as)
		return y->cached_as;
	if (a && a->cached_result) {
		// (a summary's cached result is a boolean, as the C API's
		// PyBool_FromLong's; NumPy's one, PyArray_Resize's, is None, as
		// is, most often, a summary's borrowed one)
		bool none = (a->family && !strcmp(a->family, "numpy")) ||
			    a->ret == OL_KB_RET_BORROWED;
		return none ? "Py_None" : "Py_True or Py_False";
	}
	if (a && a->none_if_arg >= 0)
		return "Py_None";
	if (y->cached_char)
		return "a cached empty or one-character str or bytes object";
	return "a cached small int";
}

// Builds a finding about `y` with the acquisition, the branches taken since
// (at most MAX_BRANCH_EVENTS, the latest ones), the release or move, and
// a final event.
void report(ctx *c, ol_check_id check, const sym *y, ol_loc at,
	    const char *msg, const char *final_msg)
{
	report_as(c, check, y, y ? sm_kind(y) : NULL, at, msg, final_msg);
}

// The last point of the path a finding about an earlier `step` shows: the
// step, and the outcome of its own statement's test if one follows at
// once (`if (PyModule_AddObject(m, "T", o) < 0)`: the steal that the
// success settled). Branches taken later are not shown: listed before the
// step they would put the steps out of the order they happened in, and
// they do not explain it.
unsigned step_until(const ctx *c, const hist *step)
{
	unsigned until = step->seq;
	for (const hist *h = c->h; h && h->seq > step->seq; h = h->prev) {
		if (!h->is_branch)
			continue;
		if (same_loc(h->loc, step->loc))
			until = until > h->seq ? until : h->seq;
		else
			until = step->seq; // a later branch elsewhere
	}
	return until;
}

// A finding about an earlier step of the path, judged only later (a
// borrowed reference stored, found unpaid at the path's end): reported at
// that step, with the path as it was then (step_until()).
// A finding whose path shown ends at history step `cut` (or earlier,
// when a cut is already in force).
static void report_cut(ctx *c, ol_check_id check, const sym *y, ol_loc at,
		       unsigned cut, const char *msg, const char *final_msg)
{
	unsigned until = c->until_seq;
	if (!until || cut < until)
		c->until_seq = cut;
	report(c, check, y, at, msg, final_msg);
	c->until_seq = until;
}

void report_step(ctx *c, ol_check_id check, const sym *y, const hist *step,
		 const char *msg, const char *final_msg)
{
	report_cut(c, check, y, step->loc, step_until(c, step), msg,
		   final_msg);
}

void report_as(ctx *c, ol_check_id check, const sym *y, const char *resource,
	       ol_loc at, const char *msg, const char *final_msg)
{
	if (c->replay) {
		replay_seen(c, check, at);
		return;
	}
	if (c->quiet || !ol_diag_sink_enabled(c->sink, check))
		return;
	bool once = leak_check(check) && y && y->acq_ev;
	ol_loc site = {0};
	if (once) {
		site = y->acq_ev->loc;
		site.line = site.line * 2 + (check == OL_CHECK_OWN_LEAK);
		// A note of a cached object (intrange.c) does not stand for
		// the warning another path may find at that site (a loop's
		// `PyLong_FromLong(i)` at i == 0, then past it; a result a test
		// found to be Py_None, and another path where it is not).
		if (y->cached_obj || y->cached_as)
			site.col |= 1u << 30;
		for (size_t i = 0; i < c->leaked.len; i++)
			if (same_loc(c->leaked.items[i], site))
				return;
	}
	// A path through flattened values may not exist (replay.c).
	if (c->coarse && !replay_confirms(c, check, at))
		return;
	if (once)
		OL_VEC_PUSH(&c->leaked, site);
	OL_VEC(ol_event) evs = {0};
	unsigned since = y && y->acq_ev ? y->acq_ev->seq : 0;
	// Collect history newer than the acquisition, newest first.
	const hist *branch[MAX_BRANCH_EVENTS];
	unsigned nb = 0;
	for (const hist *h = c->h; h && h->seq > since; h = h->prev) {
		if (!h->is_branch || (c->until_seq && h->seq > c->until_seq))
			continue;
		if (nb < MAX_BRANCH_EVENTS)
			branch[nb++] = h;
	}
	if (y && y->acq_ev) {
		// "'p' acquired here from 'malloc'", "'o': new reference
		// returned by 'PyLong_FromLong'" (a noun phrase takes a colon).
		const char *m = y->acq_ev->msg;
		bool verb = !strncmp(m, "acquired ", 9) ||
			    !strncmp(m, "is ", 3) || !strncmp(m, "takes ", 6);
		const char *n = shown_name(y);
		ol_event e = {y->acq_ev->loc,
			      n ? ol_arena_printf(c->a, "'%s'%s %s", n,
						  verb ? "" : ":", m)
				: verb ? ol_arena_printf(c->a, "a value %s", m)
				       : (char *)m};
		OL_VEC_PUSH(&evs, e);
	}
	// Interleave the release event in order of sequence.
	const hist *rel = y ? y->rel_ev : NULL;
	if (rel && y->acq_ev && rel->seq < y->acq_ev->seq)
		rel = NULL;
	if (rel && c->until_seq && rel->seq > c->until_seq)
		rel = NULL;
	for (unsigned i = nb; i-- > 0;) {
		if (rel && rel->seq < branch[i]->seq) {
			ol_event e = {rel->loc, (char *)rel->msg};
			OL_VEC_PUSH(&evs, e);
			rel = NULL;
		}
		ol_event e = {branch[i]->loc, (char *)branch[i]->msg};
		OL_VEC_PUSH(&evs, e);
	}
	if (rel) {
		ol_event e = {rel->loc, (char *)rel->msg};
		OL_VEC_PUSH(&evs, e);
	}
	if (final_msg) {
		ol_event e = {at, (char *)final_msg};
		OL_VEC_PUSH(&evs, e);
	}
	collapse_repeats(c, &evs);
	ol_level level = ol_check_info_get(check)->level;
	if (leak_check(check) && y && (y->cached_obj || y->cached_as)) {
		// A leaked reference to an object never freed: a note.
		level = OL_LEVEL_NOTE;
		msg = ol_arena_printf(c->a, "%s; it is %s, which CPython "
				      "never frees: the leak only skews its "
				      "reference count", msg, cached_what(y));
	}
	ol_diag d = {
		.check = check,
		.level = level,
		.loc = at,
		.msg = (char *)msg,
		.func = (char *)c->fn->name,
		.resource = (char *)resource,
		.subject = y ? (char *)y->name : NULL,
		.events = evs.items,
		.nevents = evs.len,
	};
	ol_diag_sink_add(c->sink, &d);
	OL_VEC_FREE(&evs);
}

void fact(ctx *c, ol_owner_fact_kind kind, const char *owner_type,
		 const char *field, const sym *y, const char *api, ol_loc loc,
		 bool on_param0, const char *value_type)
{
	// (Facts of a flattened path are not replayed: none are kept.)
	if (c->quiet || c->replay || c->coarse || !c->opts->on_fact || !field)
		return;
	ol_owner_fact f = {
		.kind = kind,
		.owner_type = owner_type,
		.field = field,
		.value_type = value_type,
		.resource = y && y->kind >= 0 ? sm_kind(y) : NULL,
		.api = api,
		.func = c->fn->name,
		.loc = loc,
		.on_param0 = on_param0,
		// (a parameter every call gives a static object:
		// staticargs.c)
		.static_value = kind == OL_FACT_STORE && y &&
				(y->static_obj ||
				 (y->param >= 0 &&
				  staticargs_param(c->sum, (unsigned)y->param))),
		.from_caller = kind == OL_FACT_STORE && y &&
			       (y->parsed_from_param ||
				(y->param >= 1 && interp_contract(c->fn))),
	};
	c->opts->on_fact(&f, c->opts->fact_payload);
}

// How a finding names `y`: a borrow as describe() does, a plain pointer
// (a link read from a field, a pointer into a container's storage) by its
// variable.
static const char *who_of(ctx *c, const sym *y)
{
	if (y->rs == R_BORROWED)
		return describe(c, y);
	return shown_name(y) ? ol_arena_printf(c->a, "'%s'", shown_name(y))
			     : "a pointer";
}

// A use of `i` that needs the resource alive (dereference, argument).
// A reference to an object CPython never frees: a static object, a
// cached one (a small int, PyBool_FromLong's result), or one of the
// constants Py_GetConstant hands out (None, True, False, Ellipsis,
// NotImplemented, 0, 1, the empty str, bytes and tuple: static or
// immortal objects), by the C API or by a compatibility layer's
// definition of the same function.
static bool immortal(const sym *y)
{
	const char *api = y->acq ? y->acq->name : y->acq_name;
	return y->static_obj || y->cached_obj ||
	       (api && !strcmp(api, "Py_GetConstant"));
}

void use_check(ctx *c, state *s, int i, ol_loc loc, const char *how)
{
	i = sym_root(s, i);
	if (i < 0)
		return;
	sym *y = &s->syms[i];
	if (y->signs == S_ZERO)
		return; // NULL: nothing is used (`return annotations;` when
			// the lookup found nothing)
	if (c->written_decref && y->rs == R_RELEASED && y->rel_ev &&
	    same_loc(y->rel_ev->loc, loc))
		return; // a written-out Py_DECREF finds its deallocator
			// through the object's type (eval.c)
	if (y->owner >= 0 && s->syms[y->owner].rs == R_RELEASED &&
	    !s->syms[y->owner].held_elsewhere) {
		// MOJO-BOR-201: the borrow outlived what it borrows from.
		sym *o = &s->syms[y->owner];
		const char *what = shown_name(y)
			? ol_arena_printf(c->a, "'%s'", shown_name(y))
			: y->acq_name ? ol_arena_printf(c->a, "the result of "
							"'%s'", y->acq_name)
				      : "a borrowed pointer";
		report(c, OL_CHECK_BOR_OUTLIVES, o, loc,
		       ol_arena_printf(c->a, "%s is %s after its owner %s was "
				       "released", what, how, describe(c, o)),
		       ol_arena_printf(c->a, "%s here", how));
		y->owner = -1;
		if (y->held_by)
			y->rs = R_STOP; // (said once)
		return;
	}
	if (y->over >= 0 && s->syms[y->over].rs == R_RELEASED) {
		// MOJO-BOR-201 too: an object made over native memory it does
		// not own (an array over a buffer) outlived that memory.
		sym *m = &s->syms[y->over];
		report(c, OL_CHECK_BOR_OUTLIVES, m, loc,
		       ol_arena_printf(c->a, "%s is %s after the memory it "
				       "was made over, %s, was released",
				       describe(c, y), how, describe(c, m)),
		       ol_arena_printf(c->a, "%s here", how));
		y->over = -1;
		return;
	}
	// (R_NONE with an owner: a pointer into the container's storage,
	// which a resize moved: sm/borrow.c.)
	if (y->stale_ev &&
	    (y->rs == R_BORROWED || (y->rs == R_NONE && y->owner >= 0))) {
		// MOJO-BOR-207: the container it was borrowed from changed
		// (the change is a step of this finding's path only).
		const hist *rel = y->rel_ev;
		y->rel_ev = y->stale_ev;
		report_as(c, OL_CHECK_BOR_MUT_BORROW, y,
			  y->kind >= 0 ? sm_kind(y) : "pyref", loc,
			  ol_arena_printf(c->a, "%s is %s after its container "
					  "was changed", who_of(c, y), how),
			  ol_arena_printf(c->a, "%s here", how));
		y->rel_ev = rel;
		y->stale_ev = NULL;
		return;
	}
	// (R_NONE: a plain link read from a field Python code can assign,
	// sm/borrow.c.)
	if (y->inval_ev && (y->rs == R_BORROWED || y->rs == R_NONE)) {
		// MOJO-BOR-206: a call or a deallocation ran code that may
		// have dropped the owner's reference to it. The call is a
		// step of this path (a release's is a branch, shown anyway).
		const hist *rel = y->rel_ev;
		if (!y->inval_ev->is_branch)
			y->rel_ev = y->inval_ev;
		const char *who = who_of(c, y);
		const char *msg =
			y->inval_why
				? ol_arena_printf(c->a, "%s is %s after %s",
						  who, how, y->inval_why)
				: ol_arena_printf(c->a, "%s is %s after a "
						  "release that may have run "
						  "Python code",
						  who, how);
		report_as(c, OL_CHECK_BOR_INVALIDATED, y,
			  y->kind >= 0 ? sm_kind(y) : "pyref", loc, msg,
			  ol_arena_printf(c->a, "%s here", how));
		y->rel_ev = rel;
		y->inval_ev = NULL;
		return;
	}
	if (ol_holder_use_check(c, y, loc, how))
		return;
	if (y->rs != R_RELEASED)
		return;
	if (y->held_elsewhere) {
		// Appended to a list or set (nanobind's lifeline), or a
		// module sys.modules keeps: our release was not the last, and
		// what is left is a borrow from there (returned where a new
		// reference is due, it is MOJO-OWN-107; released again, 104).
		y->rs = R_BORROWED;
		return;
	}
	if (immortal(y)) {
		// Our reference to an object that is never freed (None,
		// True, a cached small int, what Py_GetConstant gives):
		// what is left is a borrow of it (pythoncapi_compat's
		// Py_GetConstantBorrowed: `o = Py_GetConstant(id);
		// Py_XDECREF(o); return o;`).
		y->rs = R_BORROWED;
		return;
	}
	const char *msg = ol_arena_printf(c->a, "%s is %s after it was "
					  "released", describe(c, y), how);
	report(c, OL_CHECK_OWN_USE_AFTER_FREE, y, loc, msg,
	       ol_arena_printf(c->a, "%s here", how));
	y->rs = R_STOP;
}

// MOJO-OWN-109 for out-parameters: the call that filled `i` returned a
// status nobody tested (`cudaMalloc(&d, n); cudaMemset(d, ...)`), and the
// value is now used.
void status_check(ctx *c, state *s, int i, ol_loc loc, const char *how)
{
	i = sym_root(s, i);
	if (i < 0)
		return;
	sym *y = &s->syms[i];
	if (!y->status_unchecked || y->rs != R_OWNED)
		return;
	report(c, OL_CHECK_OWN_UNCHECKED, y, loc,
	       ol_arena_printf(c->a, "%s is %s but the status of the call "
			       "that acquired it was never checked",
			       describe(c, y), how),
	       ol_arena_printf(c->a, "%s here", how));
	y->status_unchecked = false;
}

// The acquisition may have failed (NULL) and nothing checked it yet.
bool unchecked(const sym *y)
{
	// Only documented failures (the knowledge base, and the contracts
	// other files export: their bodies are all the caller has), not this
	// file's summaries or conventions: the caller may know better.
	return y->rs == R_OWNED && (y->signs & S_ZERO) &&
	       y->signs != S_ZERO && !y->borrowed_base && y->acq &&
	       strcmp(y->acq->family, "summary") &&
	       y->acq->fails_when.cmp == OL_KB_CMP_EQ &&
	       y->acq->fails_when.is_null;
}

// MOJO-OWN-109 at a use that cannot take NULL (a dereference, a
// release). An earlier use on this path that needed the value non-NULL
// (need_ev: an argument the callee requires, call.c) is where a NULL
// first does harm: the finding names that one.
void report_unchecked(ctx *c, state *s, int r, ol_loc loc,
			     const char *how)
{
	sym *y = &s->syms[r];
	if (y->need_ev)
		how = y->need_ev->msg;
	const char *msg = ol_arena_printf(
		c->a, "%s is %s before it is checked for NULL",
		describe(c, y), how);
	const char *fin =
		ol_arena_printf(c->a, "%s here while it may be NULL", how);
	if (y->need_ev) {
		// The path shown ends at that use: on NULL it crashes there,
		// before any test of the call's own result.
		report_cut(c, OL_CHECK_OWN_UNCHECKED, y, y->need_ev->loc,
			   y->need_ev->seq, msg, fin);
	} else {
		report(c, OL_CHECK_OWN_UNCHECKED, y, loc, msg, fin);
	}
	y->signs = S_POS; // say it once
}

// `*p`, `p->f`, `p[i]`: the value must be alive and known non-NULL.
void deref_check(ctx *c, state *s, int i, ol_loc loc)
{
	use_check(c, s, i, loc, "dereferenced");
	status_check(c, s, i, loc, "dereferenced");
	int r = sym_root(s, i);
	if (r < 0)
		return;
	if (unchecked(&s->syms[r]))
		report_unchecked(c, s, r, loc, "dereferenced");
	// After a dereference the pointer is non-NULL (or the program
	// crashed).
	if (s->syms[i].signs & S_POS)
		s->syms[i].signs = S_POS;
	if (s->syms[r].signs & S_POS)
		s->syms[r].signs = S_POS;
	// (so the reallocation that made it succeeded)
	if (s->syms[r].signs == S_POS && s->syms[r].lk == L_REALLOC)
		realloc_succeeded(c, s, r, loc);
}

const char *sym_state_text(ctx *c, const state *s, int i)
{
	static const char *rsn[] = {"untracked", "owned", "borrowed",
				    "released", "moved", "escaped",
				    "reported"};
	const sym *y = &s->syms[sym_root(s, i)];
	const char *null = y->signs == S_ZERO ? "null"
			 : (y->signs & S_ZERO) ? "maybe-null" : "non-null";
	if (y->rs == R_NONE)
		return ol_arena_printf(c->a, "untracked, %s", null);
	if (y->rs == R_OWNED && y->refs > 1)
		return ol_arena_printf(c->a, "%s: owned x%d, %s", sm_kind(y),
				       y->refs, null);
	return ol_arena_printf(c->a, "%s: %s, %s", sm_kind(y), rsn[y->rs],
			       null);
}

// Error-code enums whose success value is 0 (rules/README.md:
// "cudaError_t other
// than success").
static bool is_status_enum(const ol_type *t)
{
	return t->spelling && (strstr(t->spelling, "cudaError") ||
			       strstr(t->spelling, "CUresult") ||
			       strstr(t->spelling, "cudaError_enum"));
}

static bool is_error_exit(ctx *c, const state *s, int ret)
{
	if (ret < 0)
		return false;
	const sym *y = &s->syms[ret];
	const ol_type *t = &c->fn->ret;
	if (t->cls == OL_TY_POINTER)
		return y->signs == S_ZERO;
	if (t->cls == OL_TY_INT && is_status_enum(t))
		return !(y->signs & S_ZERO); // cudaError_t, CUresult: != 0
	if (t->cls == OL_TY_INT)
		return y->signs == S_NEG;
	return false;
}

static bool leaks(const sym *y)
{
	return y->rs == R_OWNED && y->signs != S_ZERO &&
	       (y->link < 0 || y->lk == L_NULL_WITH ||
		y->lk == L_FREED_IF_ZERO) &&
	       y->refs > 0 && !y->weak && !y->static_obj;
}

// `e` reads parameter `param` itself (not what a call made of it).
static bool expr_reads_param(const ol_expr *e, int param)
{
	if (!e)
		return false;
	if (e->kind == OL_E_VAR)
		return e->var->kind == OL_VAR_PARAM &&
		       (int)e->var->param_index == param;
	if (e->kind == OL_E_CALL)
		return false;
	return expr_reads_param(e->sub[0], param) ||
	       expr_reads_param(e->sub[1], param);
}

// Some branch of `fn` tests parameter `param`.
static bool tests_param(const ol_func *fn, int param)
{
	for (unsigned i = 0; i < fn->nblocks; i++)
		if (fn->blocks[i]->term == OL_TERM_BRANCH &&
		    expr_reads_param(fn->blocks[i]->cond, param))
			return true;
	return false;
}

// (C++) A parameter this function steals only because its returns
// release it, still holding just the caller's reference when an exception
// leaves: the body says what the function takes on its returns, not on a
// throw, and its callers keep the argument on the exceptional edge (the
// summary has no thrown paths), so neither side reports it twice. Unless
// a branch of the function tests the argument itself (a result checker,
// dm-tree's `if (PyErr_Occurred() || ptr == nullptr) throw ...;`): then it
// handles that argument's failure, and its throw leaks what it holds.
static bool thrown_back_to_caller(const ctx *c, const sym *y)
{
	return y->steal_inferred && y->param >= 0 && y->refs == 1 &&
	       !tests_param(c->fn, y->param);
}

// (C++) A member function's parameter stored into a field is taken to be
// stolen because it is stored (summary.c): the field's ownership would
// then come from that guess alone (rapidjson's PyHandler keeps the hook
// its caller lends it). Such a store says nothing to the owner checks
// (MOJO-OWN-110); a reference handed over for real is still tracked where
// it was made, at the caller.
static bool store_owns_by_guess(const ctx *c, const sym *y)
{
	return y->steal_inferred && y->param >= 0 && c->fn->cxx_member;
}

// A field of one of the constructor's bases whose destructor runs when
// the exception leaves (ol_func.ctor_base_fields).
static bool base_field(const ol_func *fn, const char *field)
{
	for (unsigned i = 0; field && i < fn->nctor_base_fields; i++)
		if (!strcmp(fn->ctor_base_fields[i], field))
			return true;
	return false;
}

// (C++) An exception leaving a constructor leaves no object: its
// destructor never runs, so what the constructor stored into the
// object's raw fields (`ref((Py_INCREF(o), o)), buf(new double[n])`) is
// lost. Members of a class type (`header(header)` of a `py::dict`
// member: OpenEXR's PyPart) are destroyed by their own destructors, the
// constructor's throw or not; so are its bases, made before its body:
// a field of a base whose destructor runs is that destructor's (pythoncpp's
// `List(..) { m_pObject = PyList_New(n); .. throw ..; }` over `Object`, C++
// round 102).
static void unmade_object_leaks(ctx *c, state *s, const ol_block *b)
{
	for (unsigned f = 0; f < s->nfs; f++) {
		const fslot *fs = &s->fs[f];
		int rb = sym_root(s, fs->base);
		int v = sym_root(s, fs->val);
		if (fs->read || fs->by_value || rb < 0 || v < 0 ||
		    s->syms[rb].param != 0 || base_field(c->fn, fs->field))
			continue;
		sym *y = &s->syms[v];
		// (Nor a parameter whose steal is guessed from this very
		// store: a plain pointer the class keeps without a reference,
		// frepple's model objects, which derive from PyObject.)
		if (y->rs != R_ESCAPED || y->signs == S_ZERO || y->static_obj ||
		    !y->acq_ev || y->kind < 0 || store_owns_by_guess(c, y))
			continue;
		const char *what = describe(c, y);
		report(c, OL_CHECK_OWN_LEAK_ON_ERROR, y, b->term_loc,
		       ol_arena_printf(c->a, "%s, stored in 'this->%s', is "
				       "leaked when the exception leaves the "
				       "constructor '%s' (the object is never "
				       "made: its destructor does not run)",
				       what, fs->field, c->fn->name),
		       ol_arena_printf(c->a, "the exception leaves the "
				       "constructor with '%s' set",
				       fs->field));
		y->rs = R_STOP;
	}
}

void commit_store(ctx *c, sym *y)
{
	if (!y->st_field)
		return;
	// (Nor a resource the call that stored it did not acquire: a failed
	// PyObject_GetBuffer(obj, &self->view, ..) stored nothing.)
	if (store_owns_by_guess(c, y) ||
	    (y->kind < 0 && y->rs == R_NONE && y->signs == S_ZERO)) {
		y->st_field = NULL;
		return;
	}
	fact(c, OL_FACT_STORE, y->st_type, y->st_field, y, y->acq_name,
	     y->st_loc, y->st_param0, y->st_vtype);
	y->st_field = NULL;
}

// Moves the syms of `s` to their canonical places: the one at order[k]
// to k, for k < n (the first n of them make the state after). Most are
// there already (the previous collect() left the state in that order, and
// a path adds syms at its end), so it moves only the others: each one down
// to its place when they keep their relative order (none is then
// overwritten before it moves), else the out-of-place ones through the
// spare array.
static void move_to_canonical_order(ctx *c, state *s, const int *order,
				    unsigned n)
{
	unsigned k0 = 0; // the syms before k0 are in place
	while (k0 < n && order[k0] == (int)k0)
		k0++;
	bool downward = true;
	for (unsigned k = k0 + 1; k < n && downward; k++)
		downward = order[k] > order[k - 1];
	if (downward) {
		for (unsigned k = k0; k < n; k++)
			if (order[k] != (int)k)
				s->syms[k] = s->syms[order[k]];
		return;
	}
	if (c->spare_cap < n - k0) {
		free(c->spare_syms);
		c->spare_cap = n - k0 + SYM_HEADROOM;
		c->spare_syms = ol_xmalloc(sizeof(sym) * c->spare_cap);
	}
	for (unsigned k = k0; k < n; k++)
		c->spare_syms[k - k0] = s->syms[order[k]];
	memcpy(s->syms + k0, c->spare_syms, sizeof(sym) * (n - k0));
}

// The path from block `b` goes straight (no test, no return) to the end
// of the process: kitty's `if (!samples) fatal("Out of memory");`, a
// `{ log(..); exit(EXIT_FAILURE); }` macro, after a failed realloc. What
// is lost on the way to it outlives nothing.
static bool runs_into_noreturn(const ol_block *b)
{
	for (unsigned k = 0; b && k < 8; k++) {
		if (b->term == OL_TERM_NORETURN)
			return true;
		if (b->term != OL_TERM_GOTO)
			return false;
		b = b->succ[0];
	}
	return false;
}

// Drops syms unreachable from the roots; owned resources among them have
// lost their last handle at `loc`.
void collect(ctx *c, state *s, ol_loc loc)
{
	int *map = canon_scratch(c, s->nsyms);
	int *order = map + s->nsyms + 1;
	unsigned n = canon_order(s, c->nvars, map, order);
	// Every sym reachable: none is lost, none waits on a lost one, and
	// the state keeps its order (each step below is for the others).
	// What state_hash() and join_base() would compute next holds while
	// `s` is not changed: all of it reachable, the order just computed.
	if (n == s->nsyms) {
		c->canon_state = s;
		c->canon_n = n;
		return;
	}
	err_state_dropped(s, map);
	// Untested conditional results first: they may release others.
	for (unsigned i = 0; i < s->nsyms; i++)
		if (map[i] < 0 && s->syms[i].link >= 0 &&
		    s->syms[i].lk != L_REALLOC && s->syms[i].lk != L_ACQ_ON)
			settle_untested(c, s, (int)i, loc, false);
	// An out-parameter whose call result nobody kept was acquired as far
	// as we can tell (`cudaMalloc(&p, n);` with the status ignored).
	for (unsigned j = 0; j < s->nsyms; j++) {
		sym *y = &s->syms[j];
		if ((y->lk == L_ERR_OF || y->lk == L_NONNULL_IF_CLEAR) &&
		    y->link >= 0 && map[y->link] < 0) {
			y->link = -1;
			y->lk = L_NONE;
		}
		if ((y->lk == L_NULL_WITH || y->lk == L_STOLEN_WITH) &&
		    y->link >= 0 && map[y->link] < 0) {
			y->link = -1; // (its first is gone untested)
			y->lk = L_NONE;
			y->steal_times = 0;
		}
		if (y->lk == L_ACQ_ON && y->link >= 0 && map[y->link] < 0) {
			// Only a status that could report failure counts: the
			// result was never tested at all.
			if (acquired(&s->syms[y->link]) < 0 &&
			    !s->syms[y->link].tested)
				y->status_unchecked = true;
			y->link = -1;
			y->lk = L_NONE;
		}
	}
	for (unsigned i = 0; i < s->nsyms; i++)
		if (map[i] < 0)
			commit_store(c, &s->syms[i]); // no later release possible
	bool ending = runs_into_noreturn(c->next_blk);
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (map[i] >= 0 || !leaks(y))
			continue;
		const ol_sm *m = sm_of(y);
		if (ending ||
		    (m && m->leak_excused && m->leak_excused(c, s, y, true))) {
			y->rs = R_STOP;
			continue;
		}
		const char *fin =
			y->realloc_failed
				? "the reallocation failed and its result "
				  "overwrote the only handle to the old block"
				: shown_name(y) ? ol_arena_printf(
						    c->a, "'%s' is overwritten "
						    "or discarded here",
						    shown_name(y))
					  : "the result is discarded here";
		lostnode *ln = OL_NEW(c->a, lostnode);
		ln->prev = c->lost;
		ln->y = *y;
		ln->loc = loc;
		ln->seq = c->seq;
		ln->fin = fin;
		c->lost = ln;
		y->rs = R_STOP;
	}
	// (As above; compacted below, its own order.)
	c->canon_state = s;
	c->canon_n = n;
	// Compact in canonical order and remap links.
	move_to_canonical_order(c, s, order, n);
	for (unsigned k = 0; k < n; k++) {
		sym *y = &s->syms[k];
		int *links[] = {&y->base,    &y->link,    &y->owner,
				&y->eq_stat, &y->ne_stat, &y->vn_from,
				&y->cmp_of,  &y->cmp_stat, &y->debt_cont,
				&y->over, &y->nonnull_with,
				// (A holder no variable reaches any more was
				// leaked or let out: it is not known to die.)
				&y->holder};
		for (size_t j = 0; j < sizeof links / sizeof *links; j++)
			if (*links[j] >= 0)
				*links[j] = map[*links[j]];
	}
	for (unsigned v = 0; v < c->nvars; v++) {
		if (s->env[v] >= 0)
			s->env[v] = map[s->env[v]];
		if (s->addr[v] >= 0)
			s->addr[v] = map[s->addr[v]];
	}
	unsigned nf = 0;
	for (unsigned f = 0; f < s->nfs; f++) {
		if (map[s->fs[f].base] < 0)
			continue; // nobody can reach that object any more
		s->fs[nf] = s->fs[f];
		s->fs[nf].base = map[s->fs[f].base];
		s->fs[nf].val = map[s->fs[f].val];
		if (s->fs[f].ix >= 0)
			s->fs[nf].ix = map[s->fs[f].ix];
		nf++;
	}
	s->nfs = nf;
	s->nsyms = n;
	// (canon_scratch's layout: the map, then the order, for n syms)
	int *own_order = map + n + 1;
	for (unsigned k = 0; k < n; k++)
		map[k] = own_order[k] = (int)k;
}

bool returns_new_reference(const ctx *c)
{
	return is_pyobj(&c->fn->ret);
}

// Reports the leaks of lost handles pending on the current path; `err`
// says whether the path ends at an error exit.

void report_lost(ctx *c, bool err)
{
	for (const lostnode *ln = c->lost; ln; ln = ln->prev) {
		bool dup = false;
		for (size_t i = 0; i < c->lost_seen.len && !dup; i++) {
			lost_seen *ls = &c->lost_seen.items[i];
			if (!same_loc(ls->ln->loc, ln->loc) ||
			    !ls->ln->y.acq_ev || !ln->y.acq_ev ||
			    !same_loc(ls->ln->y.acq_ev->loc,
				      ln->y.acq_ev->loc))
				continue;
			dup = true;
			// Prefer a new object to a cached one (a note), then a
			// normal-exit path, then one that needs no replay.
			bool was_cached = ls->ln->y.cached_obj;
			bool cached = ln->y.cached_obj;
			if ((was_cached && !cached) ||
			    (was_cached == cached &&
			     ((ls->err && !err) ||
			      (ls->err == err && ls->coarse && !c->coarse)))) {
				ls->ln = ln;
				ls->h = c->h;
				ls->tr = c->tr;
				ls->coarse = c->coarse;
				ls->err = err;
			}
		}
		if (!dup) {
			lost_seen ls = {ln, c->h, c->tr, c->coarse, err};
			OL_VEC_PUSH(&c->lost_seen, ls);
		}
	}
	c->lost = NULL;
}

void flush_lost(ctx *c)
{
	for (size_t i = 0; i < c->lost_seen.len; i++) {
		lost_seen *ls = &c->lost_seen.items[i];
		const sym *y = &ls->ln->y;
		const char *msg = ol_arena_printf(
			c->a, "%s%s its last handle is lost here",
			describe(c, y),
			ls->err ? OL_MSG_LEAKED_ON_ERROR_PATH : " is leaked:");
		c->h = ls->h;
		c->tr = ls->tr;
		c->coarse = ls->coarse;
		c->until_seq = ls->ln->seq;
		report(c, ls->err ? OL_CHECK_OWN_LEAK_ON_ERROR
				  : OL_CHECK_OWN_LEAK,
		       y, ls->ln->loc, msg, ls->ln->fin);
		c->until_seq = 0;
	}
	OL_VEC_FREE(&c->lost_seen);
}

// The returned `y` is an object parameter this function released itself
// (its caller's reference, taken: `Py_DECREF(o); return o;`): a "steal and
// lend back" helper, whose result is a borrow, not a use of a freed object.
static bool lends_back(const ctx *c, const sym *y)
{
	return y->param >= 0 && (unsigned)y->param < c->fn->nparams &&
	       is_object_pointer(&c->fn->ret) &&
	       is_object_pointer(&c->fn->vars[y->param]->type) &&
	       (y->rs == R_RELEASED || (y->released && y->rs == R_STOP));
}

// `return b->data;` (a trailing array member), `return &b->hdr;` or
// `return (char *)b + HDR;`: heap memory handed back through a pointer
// into it, which the caller frees from there (picosat's PTR2BLK: the
// pointer minus the header's size). The block escapes with the pointer.
// Heap memory only: a pointer into an object (PyBytes_AS_STRING) keeps
// no reference to it.
static void interior_returned(state *s, const ol_expr *x)
{
	const ol_expr *base = NULL;
	if (x->kind == OL_E_MEMBER && x->arrow &&
	    (x->type.cls == OL_TY_ARRAY ||
	     (x->type.spelling && strchr(x->type.spelling, '['))))
		base = x->sub[0];
	else if (x->kind == OL_E_ADDR && x->sub[0]->kind == OL_E_MEMBER &&
		 x->sub[0]->arrow)
		base = x->sub[0]->sub[0];
	else if (x->kind == OL_E_BINARY && x->op == OL_OP_ADD &&
		 x->sub[0]->type.cls == OL_TY_POINTER)
		base = x->sub[0];
	if (!base || base->kind != OL_E_VAR || s->env[base->var->id] < 0)
		return;
	int i = sym_root(s, s->env[base->var->id]);
	if (i >= 0 && s->syms[i].kind == OL_SM_HEAP)
		escape(s, i);
}

// `return bool(r);` with `r` an owner whose conversion hands out its
// pointer (cppy's `operator void *`): a bool function returns whether
// the pointer is non-NULL, not the object (the owner releases it as the
// function returns). A value `r != NULL`, tied to the pointer.
static int pointer_as_bool(ctx *c, state *s, int ret)
{
	int r = sym_root(s, ret);
	const char *t = c->fn->ret.spelling;
	if (r < 0 || !t || (strcmp(t, "bool") && strcmp(t, "_Bool")) ||
	    s->syms[r].kind < 0 || s->syms[r].has_val)
		return ret;
	uint8_t signs = s->syms[r].signs;
	int i = sym_new(s, (signs & S_ZERO ? S_ZERO : 0) |
				   (signs & (S_POS | S_NEG) ? S_POS : 0));
	s->syms[i].is_bool = true;
	s->syms[i].cmp_of = r;
	s->syms[i].cmp_op = OL_OP_NE;
	s->syms[i].cmp_k = 0;
	s->syms[i].cmp_stat = -1;
	return i;
}

void end_of_path(ctx *c, state *s, const ol_block *b)
{
	int ret = -1;
	ret_class rc = RET_OTHER;
	int ret_param = -1;
	if (b->cond) {
		ret = eval(c, s, b->cond);
		interior_returned(s, b->cond);
		ret = pointer_as_bool(c, s, ret);
		int r = sym_root(s, ret);
		sym *y = &s->syms[r];
		ret_param = y->param;
		if (lends_back(c, y)) {
			// `Py_DECREF(o); return o;` (pythoncapi_compat's
			// steal helper): the reference given is taken, the
			// object handed back as a borrow of whatever else
			// keeps it alive (the caller's own reference).
			rc = RET_BORROWED;
			ret = r;
			goto returned;
		}
		use_check(c, s, r, b->term_loc, "returned");
		rc = classify_return(y);
		// (read from a field of heap memory the path freed: that
		// memory's reference, handed back, call.c)
		if (rc == RET_BORROWED && y->from_freed_block) {
			y->rs = R_OWNED;
			y->refs = 1;
			rc = RET_OWNED;
		}
		if (returns_new_reference(c))
			note_consumed(y); // handed back to the caller
		// Stored into a field and returned with its one reference
		// (pygame's joystick list `head->prev = jstick; return
		// jstick;`): the caller owns it, the field only points to it.
		if (y->st_field && y->refs <= 1 && returns_new_reference(c))
			y->st_field = NULL;
		// The kind's own verdict first (a stolen or borrowed
		// reference returned as new), then the generic hand-over.
		const ol_sm *m = sm_of(y);
		if (m && m->on_return && m->on_return(c, s, r, b->term_loc)) {
			// reported
		} else if (y->rs == R_OWNED) {
			// Returning a resource hands it to the caller.
			if (--y->refs <= 0)
				y->rs = R_ESCAPED;
		}
		ret = r;
	}
returned:;
	// (C++) An exception leaving the function is an error exit.
	bool thrown = b->term == OL_TERM_THROW;
	bool err = thrown || is_error_exit(c, s, ret);
	c->exit_err = err;
	c->exit_ret = ret;
	FOR_EACH_MACHINE(m)
		if (m->on_exit_pending)
			m->on_exit_pending(c, s);
	for (unsigned i = 0; i < s->nsyms; i++)
		if (s->syms[i].link >= 0 && s->syms[i].lk != L_REALLOC &&
		    s->syms[i].lk != L_ACQ_ON)
			settle_untested(c, s, (int)i, b->term_loc,
					(int)i == ret);
	for (unsigned i = 0; i < s->nsyms; i++)
		if (s->syms[i].lk == L_ACQ_ON && s->syms[i].link >= 0)
			settle_acquired(s, s->syms[i].link, true);
	FOR_EACH_MACHINE(m)
		if (m->on_exit)
			m->on_exit(c, s);
	// A thrown exception returns nothing callers could test: no
	// return path for the summary.
	if (!thrown)
		summarize_path(c, s, rc, err, ret_param,
			       ret >= 0 && (s->syms[ret].signs & S_ZERO));
	// A failed self-check's error exit: the path cannot happen. (C++)
	// Nor does a leak matter when an exception leaves a function only
	// CPython calls (a tp_* slot, a module function): no C++ frame
	// above it catches, the process ends (std::terminate).
	bool selfcheck_fail = (err && s->selfcheck) ||
			      (thrown && c->fn->registered);
	if (selfcheck_fail)
		c->lost = NULL;
	report_lost(c, err);
	for (unsigned i = 0; i < s->nsyms; i++)
		commit_store(c, &s->syms[i]);
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (!leaks(y) || selfcheck_fail ||
		    (thrown && thrown_back_to_caller(c, y)))
			continue;
		const ol_sm *m = sm_of(y);
		if (m && m->leak_excused && m->leak_excused(c, s, y, false))
			continue;
		const char *what = describe(c, y);
		const char *msg =
			thrown ? ol_arena_printf(c->a, "%s is leaked when "
						 "the exception leaves '%s'",
						 what, c->fn->name)
			: err ? ol_arena_printf(c->a, "%s"
					      OL_MSG_LEAKED_ON_ERROR_EXIT,
					      what)
			    : ol_arena_printf(c->a, "%s is never released",
					      what);
		// Named as the code names it; an unnamed value by what it
		// is, never by a name the code does not have.
		const char *held =
			shown_name(y) ? ol_arena_printf(c->a, "'%s'",
							shown_name(y))
			: y->acq_name ? ol_arena_printf(c->a, "the result of "
							"'%s'", y->acq_name)
				      : "it";
		const char *fin =
			thrown ? ol_arena_printf(
				      c->a, "the exception leaves the "
				      "function with %s still owned", held)
			: b->cond ? ol_arena_printf(
				      c->a, "%s with %s still owned",
				      err ? "returning an error" : "returning",
				      held)
				: ol_arena_printf(c->a, "function ends with "
						  "%s still owned", held);
		report(c, err ? OL_CHECK_OWN_LEAK_ON_ERROR : OL_CHECK_OWN_LEAK,
		       y, b->term_loc, msg, fin);
		y->rs = R_STOP;
	}
	if (thrown && c->fn->cxx_ctor && !selfcheck_fail)
		unmade_object_leaks(c, s, b);
}
