/*
 * explore.c — the walk over one function's paths.
 *
 * Each function's CFG is walked depth-first with a symbolic state (a
 * worklist of (block, state, history) items). A block's ops are evaluated
 * in order, and after every op the values nobody can reach are dropped
 * (report.c's collect(): an owned one among them has leaked at that op).
 * Its terminator then pushes its successors: a branch refines one copy of
 * the state per outcome (path.c), a switch one per case, a return ends
 * the path (report.c's end_of_path()).
 *
 * Joins and loops: a state is reduced to a canonical hash (state.c) and a
 * block is not explored twice with the same hash. Locals dead on entry to
 * a block are forgotten first (liveness), so paths that differ only in a
 * dead temporary merge. A loop head entered with many different states is
 * widened (exact integers and values read from memory forgotten), so loops
 * reach a fixpoint. The per-block state count and per-function step count
 * are bounded: past the per-block count (or half the steps), arriving
 * states are flattened (flatten.c) and every path records its choices, so
 * that a finding on a flattened path can be confirmed by replaying it
 * (replay.c); a function that reaches twice the count, or all its steps,
 * is cut off and reported as a "budget" notification (findings already
 * made are kept).
 *
 * What it does not model: memory other than `p->field` slots, aliasing
 * through pointers to locals other than `&x` passed to a call, arithmetic
 * beyond constants, reference counts of objects it did not see created.
 */
#include "engine_int.h"
#include "../base/strbuf.h"
#include "../ol.h"

#include <stdlib.h>
#include <string.h>

// The program's own `int main(..)`, whose return ends the process.
static bool is_program_main(const ol_func *fn)
{
	return fn->name && !strcmp(fn->name, "main") && !fn->is_static &&
	       fn->ret.cls == OL_TY_INT;
}

// Returns false when the block was already explored with this state.
static bool seen_add(ctx *c, const ol_block *b, uint64_t h)
{
	seen *sn = &c->seen[b->id];
	if (sn->count * 2 >= sn->cap) {
		unsigned ncap = sn->cap ? sn->cap * 2 : 16;
		uint64_t *ns = ol_xcalloc(ncap, sizeof(uint64_t));
		for (unsigned i = 0; i < sn->cap; i++) {
			uint64_t v = sn->slots[i];
			if (!v)
				continue;
			unsigned j = (unsigned)(v % ncap);
			while (ns[j])
				j = (j + 1) % ncap;
			ns[j] = v;
		}
		free(sn->slots);
		sn->slots = ns;
		sn->cap = ncap;
	}
	unsigned j = (unsigned)(h % sn->cap);
	while (sn->slots[j]) {
		if (sn->slots[j] == h)
			return false;
		j = (j + 1) % sn->cap;
	}
	sn->slots[j] = h;
	sn->count++;
	return true;
}

static void push(ctx *c, const ol_block *b, state *s, const hist *h,
		 const trail *tr)
{
	item it = {b, s, h, c->lost, tr};
	OL_VEC_PUSH(&c->work, it);
}

// Which successors a branch (2) or switch (ncases + 1) may take: a replay
// takes only the one its path took, none where the path ended (pending
// lost handles are then reported, as where a path joins an explored
// state).
static long replayed_choice(ctx *c, const ol_block *b)
{
	if (!c->replay)
		return LONG_MAX; // all
	long k = replay_choice(c, b);
	if (k < 0)
		report_lost(c, false);
	return k;
}

static const char *cond_text(ctx *c, const ol_expr *e)
{
	ol_strbuf b;
	ol_strbuf_init(&b);
	ol_expr_print(&b, e);
	char *t = ol_arena_strdup(c->a, ol_strbuf_str(&b));
	ol_strbuf_free(&b);
	return t;
}

// The path notes of a branch's two outcomes, made once per block: the
// condition as the user wrote it (cfg.h cond_src), else as the IR prints
// it. (C++) An exceptional edge (cfg/cxx.c): the call throws, or a
// handler's type matches; the condition names the call or the type. A
// standard algorithm's loop (cxx_algorithm): it calls its function on one
// more element, or is done.
static const char *const *branch_notes(ctx *c, const ol_block *b)
{
	if (!c->notes) {
		size_t n = sizeof(const char *) * 2 * c->fn->nblocks;
		c->notes = ol_arena_alloc(c->a, n);
		memset(c->notes, 0, n);
	}
	const char **note = c->notes + 2 * b->id;
	if (note[0])
		return note;
	bool exc = b->why && !strcmp(b->why, "throw");
	bool match = b->why && !strcmp(b->why, "catch");
	bool algo = b->why && !strcmp(b->why, "algorithm");
	if (algo && b->cond->text) {
		note[0] = ol_arena_printf(c->a, "'%s' calls its function on "
					  "the next element", b->cond->text);
		note[1] = ol_arena_printf(c->a, "'%s' is done", b->cond->text);
		return note;
	}
	// (An exceptional edge is named after the call that throws: its
	// test's name, or, when the test is a call of its own, the
	// thrower's, cxx_call_throws_on_error().)
	const char *txt = exc && b->cond_src			 ? b->cond_src
			  : (exc || match) && b->cond->text ? b->cond->text
			  : b->cond_src			  ? b->cond_src
							  : cond_text(c, b->cond);
	bool flip = !exc && !match && b->cond_src && b->cond_src_not;
	note[0] = exc ? ol_arena_printf(c->a, "'%s' throws here", txt)
		  : match ? ol_arena_printf(c->a, "the exception is caught by "
						  "'%s'", txt)
			  : ol_arena_printf(c->a, "assuming '%s' is %s", txt,
					    flip ? "false" : "true");
	note[1] = exc ? ol_arena_printf(c->a, "assuming '%s' does not throw",
					txt)
		  : match ? ol_arena_printf(c->a, "the exception is not a '%s'",
					    txt)
			  : ol_arena_printf(c->a, "assuming '%s' is %s", txt,
					    flip ? "true" : "false");
	return note;
}

// The call whose result a condition only tests against NULL (`if
// (!check_hash(k))`, `if (f(x) == NULL)`), not kept: a helper that hands
// its argument back is a pass-through there too (call.c).
static const ol_expr *tested_call(const ol_expr *e)
{
	while (e && e->kind == OL_E_UNARY && e->op == OL_OP_NOT)
		e = e->sub[0];
	if (e && e->kind == OL_E_BINARY &&
	    (e->op == OL_OP_EQ || e->op == OL_OP_NE) &&
	    e->sub[1]->kind == OL_E_NULL)
		e = e->sub[0];
	return e && e->kind == OL_E_CALL ? e : NULL;
}

static void branch(ctx *c, const ol_block *b, state *s)
{
	// No collect() between evaluating and assuming: it renumbers syms.
	c->tested_call = tested_call(b->cond);
	cond cd = eval_cond(c, s, b->cond);
	c->tested_call = NULL;
	state *t = state_clone(s, c->nvars);
	const hist *h0 = c->h;
	bool ok_t = assume(c, t, &cd, true, b->term_loc);
	const hist *ht = c->h;
	c->h = h0;
	bool ok_f = assume(c, s, &cd, false, b->term_loc);
	const hist *hf = c->h;
	long want = replayed_choice(c, b);
	if (want != LONG_MAX) {
		if ((want == 0 && !ok_t) || (want == 1 && !ok_f))
			replay_dead(c);
		ok_t = ok_t && want == 0;
		ok_f = ok_f && want == 1;
	}
	// Only a real choice is worth a path note.
	if (ok_t && ok_f) {
		const char *const *note = branch_notes(c, b);
		hist *nt = (hist *)hist_add(c, ht, b->term_loc, note[0]);
		hist *nf = (hist *)hist_add(c, hf, b->term_loc, note[1]);
		nt->is_branch = nf->is_branch = true;
		ht = nt;
		hf = nf;
		t->selfcheck = s->selfcheck = cd.selfcheck;
	}
	const lostnode *l0 = c->lost;
	if (ok_f) {
		c->h = hf;
		c->next_blk = b->succ[1];
		collect(c, s, b->term_loc);
		c->next_blk = NULL;
		push(c, b->succ[1], s, hf, trail_add(c, c->tr, b, 1));
	} else {
		state_free(s);
	}
	c->lost = l0;
	if (ok_t) {
		c->h = ht;
		c->next_blk = b->succ[0];
		collect(c, t, b->term_loc);
		c->next_blk = NULL;
		push(c, b->succ[0], t, ht, trail_add(c, c->tr, b, 0));
	} else {
		state_free(t);
	}
	c->lost = l0;
}

// Can the subject `v` be K, given what was tested of it on the path
// (`if (op & OP_INPLACE)`, `if (op != OP_MUL)` before `switch (op)`)?
static bool flags_allow(const state *s, int v, long long k)
{
	int r = sym_root(s, v);
	if (r >= 0 && s->syms[r].has_ne && s->syms[r].ne_val == k)
		return false; // `if (op != K)` held
	for (unsigned i = 0; i < s->nsyms; i++) {
		const sym *d = &s->syms[i];
		if (d->vn_from < 0 || sym_root(s, d->vn_from) != r ||
		    !d->tested)
			continue;
		bool set = (k & d->vn_k) != 0;
		if (d->signs == S_ZERO && set)
			return false;
		if (!(d->signs & S_ZERO) && !set)
			return false;
	}
	return true;
}

static void do_switch(ctx *c, const ol_block *b, state *s)
{
	int v = eval(c, s, b->cond);
	const sym y0 = s->syms[v];
	bool any_match = false;
	long want = replayed_choice(c, b);
	bool taken = false; // (a replay) the case it wants was feasible
	for (unsigned k = 0; k < b->ncases; k++) {
		const ol_case *cs = &b->cases[k];
		if (want != LONG_MAX && want != (long)k) {
			if (y0.has_val && y0.val >= cs->lo && y0.val <= cs->hi)
				any_match = true;
			continue;
		}
		if (y0.has_val) {
			if (y0.val < cs->lo || y0.val > cs->hi)
				continue;
			any_match = true;
		}
		if (cs->lo == cs->hi && !flags_allow(s, v, cs->lo))
			continue;
		state *t = state_clone(s, c->nvars);
		// On `case K:` the subject is K (a later switch on the same
		// value takes the same case).
		if (cs->lo == cs->hi) {
			const sym *tv = &t->syms[v];
			if ((tv->has_lo && cs->lo < tv->lo) ||
			    (tv->has_hi && cs->lo > tv->hi)) {
				state_free(t);
				continue;
			}
			t->syms[v].has_val = true;
			t->syms[v].val = cs->lo;
			t->syms[v].signs &= signs_of_val(cs->lo);
			if (!t->syms[v].signs) {
				state_free(t);
				continue;
			}
		}
		const lostnode *l0 = c->lost;
		collect(c, t, b->term_loc);
		push(c, cs->succ, t, c->h, trail_add(c, c->tr, b, k));
		c->lost = l0;
		taken = true;
	}
	bool dflt = (want == LONG_MAX || want == (long)b->ncases) &&
		    !b->cases_cover_type;
	if (b->default_succ && !(y0.has_val && any_match) && dflt) {
		collect(c, s, b->term_loc);
		push(c, b->default_succ, s, c->h,
		     trail_add(c, c->tr, b, b->ncases));
		taken = true;
	} else {
		state_free(s);
	}
	if (want != LONG_MAX && want >= 0 && !taken)
		replay_dead(c);
}

// Where the path stands as it enters `b`, for what is lost there: the
// place of its test, else of its first statement, else of the block it
// goes on to (a block that only goes on, the end of a loop's body or of a
// `case`, has no place of its own: GameServer's PyDbInst.cpp, a finding
// with no file and line, C++ round 108).
static ol_loc entry_loc(const ol_block *b)
{
	for (unsigned k = 0; b && k < 8; k++) {
		if (b->term_loc.file)
			return b->term_loc;
		for (unsigned i = 0; i < b->nops; i++)
			if (b->ops[i].loc.file)
				return b->ops[i].loc;
		if (b->term != OL_TERM_GOTO)
			break;
		b = b->succ[0];
	}
	return b ? b->term_loc : (ol_loc){ 0 };
}

static void run_block(ctx *c, const ol_block *b, state *s)
{
	c->blk = b;
	c->crashed = false; // (a crash in the last path's condition)
	for (unsigned i = 0; i < b->nops; i++) {
		const ol_op *op = &b->ops[i];
		if (op->kind == OL_OPK_DECL)
			s->env[op->var->id] = -1;
		else {
			c->discarded_call = op->expr->kind == OL_E_CALL
						    ? op->expr : NULL;
			eval(c, s, op->expr);
			c->discarded_call = NULL;
		}
		if (c->crashed) {
			// The program crashed here (MOJO-OWN-109 said so):
			// like a call that never returns, nothing leaks.
			c->crashed = false;
			state_free(s);
			return;
		}
		collect(c, s, op->loc);
	}
	switch (b->term) {
	case OL_TERM_GOTO:
		push(c, b->succ[0], s, c->h, c->tr);
		return;
	case OL_TERM_BRANCH:
		branch(c, b, s);
		return;
	case OL_TERM_SWITCH:
		do_switch(c, b, s);
		return;
	case OL_TERM_RETURN:
		// A return from the program's `main` is its exit (aeneas'
		// test driver shipped next to the extension, C round 101):
		// nothing leaks, as at a call of exit().
		if (is_program_main(c->fn))
			break;
		end_of_path(c, s, b);
		break;
	case OL_TERM_THROW: // (C++) an error exit without a value
		end_of_path(c, s, b);
		break;
	case OL_TERM_NORETURN:
		break; // the process ends: nothing leaks
	}
	state_free(s);
}

/* ------------------------------------------------------------------ */
/* Liveness: a dead variable's value is dropped at block entry so that  */
/* paths that differ only in dead temporaries (`_py_tmp` of Py_CLEAR)   */
/* merge.                                                               */

// Records the variables `e` reads (`use`, unless already defined in the
// block) and, for `x = ...`, defines (`def`).
static void uses_defs(const ol_expr *e, uint64_t *use, uint64_t *def,
		      uint64_t *addr)
{
	while (e) {
		switch (e->kind) {
		case OL_E_VAR:
			if (!bit_get(def, e->var->id))
				bit_set(use, e->var->id);
			return;
		case OL_E_ADDR:
			if (e->sub[0] && e->sub[0]->kind == OL_E_VAR) {
				bit_set(addr, e->sub[0]->var->id);
				bit_set(use, e->sub[0]->var->id);
				return;
			}
			break;
		case OL_E_UNARY:
			// (`i++`: a use, then a definition)
			if ((e->op == OL_OP_PREINC || e->op == OL_OP_PREDEC ||
			     e->op == OL_OP_POSTINC ||
			     e->op == OL_OP_POSTDEC) &&
			    e->sub[0] && e->sub[0]->kind == OL_E_VAR) {
				if (!bit_get(def, e->sub[0]->var->id))
					bit_set(use, e->sub[0]->var->id);
				bit_set(def, e->sub[0]->var->id);
				return;
			}
			break;
		case OL_E_ASSIGN:
			uses_defs(e->sub[1], use, def, addr);
			if (e->sub[0] && e->sub[0]->kind == OL_E_VAR) {
				if (e->op != OL_OP_NONE &&
				    !bit_get(def, e->sub[0]->var->id))
					bit_set(use, e->sub[0]->var->id);
				bit_set(def, e->sub[0]->var->id);
				return;
			}
			e = e->sub[0];
			continue;
		default:
			break;
		}
		if (e->fn)
			uses_defs(e->fn, use, def, addr);
		for (unsigned k = 0; k < e->nargs; k++)
			uses_defs(e->args[k], use, def, addr);
		if (e->sub[1])
			uses_defs(e->sub[1], use, def, addr);
		e = e->sub[0];
	}
}

// `e` takes the address of a variable (or of a part of it, `&st.f`) for
// anything but an argument of a call (`f(&st)`, which the callee may
// fill, not keep: a caller's frame is no place to leave a pointer to):
// its bit in `kept`.
static void find_kept_addresses(const ol_expr *e, bool call_arg,
				uint64_t *kept)
{
	if (!e)
		return;
	if (e->kind == OL_E_ADDR && !call_arg) {
		const ol_expr *v = e->sub[0];
		while (v && (v->kind == OL_E_MEMBER || v->kind == OL_E_INDEX) &&
		       !(v->kind == OL_E_MEMBER && v->arrow))
			v = v->sub[0];
		if (v && v->kind == OL_E_VAR)
			bit_set(kept, v->var->id);
	}
	bool call = e->kind == OL_E_CALL;
	find_kept_addresses(e->fn, false, kept);
	for (unsigned k = 0; k < e->nargs; k++)
		find_kept_addresses(e->args[k], call, kept);
	find_kept_addresses(e->sub[0], false, kept);
	find_kept_addresses(e->sub[1], false, kept);
}

static void compute_liveness(ctx *c)
{
	const ol_func *fn = c->fn;
	unsigned W = (fn->nvars + 63) / 64;
	if (!W)
		W = 1;
	c->words = W;
	size_t n = (size_t)fn->nblocks * W;
	uint64_t *use = ol_xcalloc(n, sizeof(uint64_t));
	uint64_t *def = c->def_in = ol_xcalloc(n, sizeof(uint64_t));
	c->addr_in = ol_xcalloc(n, sizeof(uint64_t));
	c->live_in = ol_xcalloc(n, sizeof(uint64_t));
	c->addr_taken = ol_xcalloc(W, sizeof(uint64_t));
	c->addr_kept = ol_xcalloc(W, sizeof(uint64_t));
	for (unsigned b = 0; b < fn->nblocks; b++) {
		const ol_block *blk = fn->blocks[b];
		uint64_t *u = use + (size_t)b * W, *d = def + (size_t)b * W;
		uint64_t *a = c->addr_in + (size_t)b * W;
		for (unsigned k = 0; k < blk->nops; k++) {
			const ol_op *op = &blk->ops[k];
			if (op->kind == OL_OPK_DECL)
				bit_set(d, op->var->id);
			else
				uses_defs(op->expr, u, d, a);
			find_kept_addresses(op->expr, false, c->addr_kept);
		}
		uses_defs(blk->cond, u, d, a);
		find_kept_addresses(blk->cond, false, c->addr_kept);
		for (unsigned w = 0; w < W; w++)
			c->addr_taken[w] |= a[w];
	}
	// Backward fixpoint: live_in = use | (live_out & ~def).
	uint64_t *out = ol_xmalloc(sizeof(uint64_t) * W);
	for (bool changed = true; changed;) {
		changed = false;
		for (unsigned b = fn->nblocks; b-- > 0;) {
			const ol_block *blk = fn->blocks[b];
			memset(out, 0, sizeof(uint64_t) * W);
			const ol_block *succ[2] = {NULL, NULL};
			if (blk->term == OL_TERM_GOTO) {
				succ[0] = blk->succ[0];
			} else if (blk->term == OL_TERM_BRANCH) {
				succ[0] = blk->succ[0];
				succ[1] = blk->succ[1];
			}
			for (int k = 0; k < 2; k++)
				if (succ[k])
					for (unsigned w = 0; w < W; w++)
						out[w] |= c->live_in[(size_t)succ[k]->id * W + w];
			if (blk->term == OL_TERM_SWITCH) {
				for (unsigned k = 0; k < blk->ncases; k++)
					for (unsigned w = 0; w < W; w++)
						out[w] |= c->live_in[(size_t)blk->cases[k].succ->id * W + w];
				if (blk->default_succ)
					for (unsigned w = 0; w < W; w++)
						out[w] |= c->live_in[(size_t)blk->default_succ->id * W + w];
			}
			uint64_t *in = c->live_in + (size_t)b * W;
			for (unsigned w = 0; w < W; w++) {
				uint64_t v = use[(size_t)b * W + w] |
					     (out[w] & ~def[(size_t)b * W + w]);
				if (v != in[w]) {
					in[w] = v;
					changed = true;
				}
			}
		}
	}
	free(out);
	free(use);
}

// Forgets locals that are dead on entry to `b`, unless they hold a
// resource this function owns (its leak is reported at the exit).
static void drop_dead(ctx *c, const ol_block *b, state *s)
{
	const uint64_t *live = c->live_in + (size_t)b->id * c->words;
	for (unsigned v = 0; v < c->nvars; v++) {
		const ol_var *var = c->fn->vars[v];
		if (s->env[v] < 0 || !is_local(var) || bit_get(live, v) ||
		    bit_get(c->addr_taken, v))
			continue;
		const sym *y = &s->syms[sym_root(s, s->env[v])];
		if (y->rs == R_OWNED || y->link >= 0)
			continue;
		s->env[v] = -1;
	}
}

// A loop head entered with this many different states has counters that
// keep changing: forget exact integers (keep their signs) so the loop
// reaches a fixpoint. Other joins keep them: after `if (bpp == 3) p =
// malloc(..);` and a few unrelated if/else, `if (bpp == 3) free(p);` is
// still decided.
#define WIDEN_AFTER 6
#define MAX_STATES_PER_BLOCK 256
// ... or MAX_STATES_SMALL in a function of at most SMALL_FUNCTION_VARS
// variables: a state holds a value per variable, so a small function's
// states are small, and four times as many cost about what 256 of a large
// one's do. Its loops whose few counters stay exact (audioop's ADPCM
// coders: 288 states at a loop head) are then checked to their end.
#define MAX_STATES_SMALL 1024
#define SMALL_FUNCTION_VARS 32
// A block entered with that many states flattens the states that arrive
// after (flatten.c, replay.c); with BUDGET_FACTOR times as many, the
// function is cut off.
#define BUDGET_FACTOR 2
// A block entered with this many different states joins the states that
// differ in one plain value's range (join.c).
#define JOIN_AFTER 16
// A step's cost grows with its state (every op's collection walks all its
// values and slots, and the state is copied at each branch): a state past
// LARGE_STATE values and slots is charged more, so that the step budget
// bounds the time of a function whose states grow without bound (slots
// piling up on nodes no widening forgets), not only its number of steps.
#define LARGE_STATE 128u

static unsigned long step_cost(const state *s)
{
	unsigned long n = (s->nsyms + s->nfs) / LARGE_STATE;
	return 1 + n * n;
}

// (C++) ctx.returns_from, when some block ends in a throw: the blocks
// from which a path reaches a return.
static void find_returning_blocks(ctx *c)
{
	const ol_func *fn = c->fn;
	bool throws = false;
	for (unsigned b = 0; b < fn->nblocks; b++)
		throws |= fn->blocks[b]->term == OL_TERM_THROW;
	if (!throws)
		return;
	uint64_t *ret = ol_xcalloc(fn->nblocks, sizeof(uint64_t));
	for (unsigned b = 0; b < fn->nblocks; b++)
		ret[b] = fn->blocks[b]->term == OL_TERM_RETURN;
	c->returns_from = ol_xcalloc(fn->nblocks, sizeof(uint64_t));
	live_backward(fn, 1, ret, c->returns_from);
	free(ret);
}

// Marks the targets of back edges of a depth-first walk from the entry:
// every cycle of the CFG (loops, backward gotos) has one.
static void find_loop_heads(ctx *c)
{
	const ol_func *fn = c->fn;
	unsigned n = fn->nblocks;
	c->loop_head = ol_xcalloc(n ? n : 1, sizeof(bool));
	if (!n)
		return;
	// color: 0 unseen, 1 on the stack, 2 done; next: successor index
	uint8_t *color = ol_xcalloc(n, 1);
	unsigned *next = ol_xcalloc(n, sizeof(unsigned));
	unsigned *stack = ol_xcalloc(n, sizeof(unsigned));
	unsigned sp = 0;
	stack[sp++] = 0;
	color[0] = 1;
	while (sp) {
		const ol_block *b = fn->blocks[stack[sp - 1]];
		unsigned k = next[b->id]++;
		if (k >= succ_slots(b)) {
			color[b->id] = 2;
			sp--;
			continue;
		}
		const ol_block *t = block_succ(b, k);
		if (!t)
			continue;
		if (color[t->id] == 1)
			c->loop_head[t->id] = true;
		else if (color[t->id] == 0) {
			color[t->id] = 1;
			stack[sp++] = t->id;
		}
	}
	free(color);
	free(next);
	free(stack);
}

// A count of references handed over that grows every turn (a parameter
// stored in each turn, never paid by a Py_INCREF) widens to "more than
// one": a later Py_INCREF pays one, the rest stays owed.
#define OWED_WIDE 2

// Integers keep only their signs (NULL stays NULL): no exact value, no
// value they differ from, no bounds.
static void forget_ranges(state *s)
{
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		if (y->rs == R_NONE && y->has_val && y->signs != S_ZERO)
			y->has_val = false;
		y->has_ne = y->has_lo = y->has_hi = false;
	}
}

// The variables a loop may change: those defined (assigned, incremented,
// declared: compute_liveness()'s `def_in`) or whose address is taken
// (`addr_in`) in any block reachable from its head (the loop's own blocks
// and what follows it: a superset), and those whose address a call
// keeps. Made once per head.
static const uint64_t *loop_writes(ctx *c, const ol_block *head)
{
	const ol_func *fn = c->fn;
	if (!c->loop_writes)
		c->loop_writes = ol_xcalloc(fn->nblocks, sizeof(uint64_t *));
	if (c->loop_writes[head->id])
		return c->loop_writes[head->id];
	uint64_t *w = ol_xcalloc(c->words ? c->words : 1, sizeof(uint64_t));
	for (unsigned i = 0; c->addr_kept && i < c->words; i++)
		w[i] = c->addr_kept[i];
	bool *seen = ol_xcalloc(fn->nblocks, sizeof(bool));
	unsigned *stack = ol_xcalloc(fn->nblocks, sizeof(unsigned));
	unsigned sp = 0;
	stack[sp++] = head->id;
	seen[head->id] = true;
	while (sp) {
		const ol_block *b = fn->blocks[stack[--sp]];
		size_t at = (size_t)b->id * c->words;
		for (unsigned i = 0; i < c->words; i++)
			w[i] |= c->def_in[at + i] | c->addr_in[at + i];
		for (unsigned k = 0; k < succ_slots(b); k++) {
			const ol_block *t = block_succ(b, k);
			if (t && !seen[t->id]) {
				seen[t->id] = true;
				stack[sp++] = t->id;
			}
		}
	}
	free(seen);
	free(stack);
	c->loop_writes[head->id] = w;
	return w;
}

// A loop head's state, widened: plain integers forget their exact values
// and bounds (forget_ranges()), but for the exact values (and a value
// they differ from) of those a variable the loop never writes holds,
// which stay what they are in every turn (cmor's `if (type == 'c') tmpstr
// = malloc(..)` before a loop and `if (type == 'c') free(tmpstr)` after
// it: C round 73).
static void widen(ctx *c, state *s, unsigned nvars, const ol_block *head)
{
	const uint64_t *w = loop_writes(c, head);
	bool *keep = ol_xcalloc(s->nsyms ? s->nsyms : 1, sizeof(bool));
	for (unsigned v = 0; v < nvars; v++)
		if (!bit_get(w, v) && s->env[v] >= 0 &&
		    sym_root(s, s->env[v]) >= 0)
			keep[sym_root(s, s->env[v])] = true;
	for (unsigned i = 0; i < s->nsyms; i++) {
		sym *y = &s->syms[i];
		// (bounds go in any case: tests against a counter refine
		// them in every turn, `i < n`)
		y->has_lo = y->has_hi = false;
		if (keep[i])
			continue;
		if (y->rs == R_NONE && y->has_val && y->signs != S_ZERO)
			y->has_val = false;
		y->has_ne = false;
	}
	free(keep);
	for (unsigned i = 0; i < s->nsyms; i++) {
		if (s->syms[i].owed > OWED_WIDE)
			s->syms[i].owed = OWED_WIDE;
		// A static object is never freed: how many references a loop
		// took on it, or handed over before paying, only needs "more
		// than one" (`Py_INCREF(Py_None)` in every turn).
		if (s->syms[i].static_obj && s->syms[i].refs > OWED_WIDE)
			s->syms[i].refs = OWED_WIDE;
		if (s->syms[i].static_obj && s->syms[i].static_owed > OWED_WIDE)
			s->syms[i].static_owed = OWED_WIDE;
	}
	// ... and what was only read from memory (a loop walking a block
	// chain, `b = b->next`, would pile up slots; a local struct's
	// fields, a fixed few no call reaches, stay), and what was written
	// to nodes the loop has left behind (fieldlive.c).
	keep_tested_reads(c, s);
	forget_reads_but_local(c, s);
	forget_unheld_slots(s, nvars);
	forget_stored_slots(c, s, nvars);
}

// Pushes the function's entry: parameters get their entry values before
// anything runs, so that a later `f(&param)` makes them unknown rather than
// fresh again.
static void push_entry(ctx *c)
{
	const ol_func *fn = c->fn;
	state *st0 = state_new(c->nvars);
	st0->nogil = fn->starts_without_gil; // (a new thread's body)
	err_state_entry(c, st0);
	push(c, fn->blocks[0], st0, NULL, NULL);
	for (unsigned i = 0; i < fn->nparams; i++)
		st0->env[fn->vars[i]->id] = param_sym(c, st0, fn->vars[i]);
	c->work.items[c->work.len - 1].h = c->h;
}

static unsigned max_states_of(const ctx *c)
{
	return c->nvars <= SMALL_FUNCTION_VARS ? MAX_STATES_SMALL
					       : MAX_STATES_PER_BLOCK;
}

// Whether the walk goes on into the block of `it` (the worklist item just
// taken): a state explored there already, or past the budget, does not.
static bool admit(ctx *c, item *it)
{
	const unsigned max_states = max_states_of(c);
	seen *sn = &c->seen[it->b->id];
	// A large state's extra cost, charged before the join, which may
	// drop the state: its collection is paid already.
	c->steps += step_cost(it->st) - 1;
	// Past the budget, plain values are flattened (flatten.c, replay.c):
	// at a block entered with that many states, and anywhere once half
	// the steps are spent.
	bool pressed = sn->count >= max_states ||
		       c->steps >= c->opts->max_steps / 2;
	if (pressed && flatten_plain(c, it->st)) {
		it->st->coarse = 1;
		c->coarse = c->went_coarse = true;
		c->tr = trail_add(c, c->tr, it->b, TRAIL_FLATTEN);
		collect(c, it->st, entry_loc(it->b)); // (drops what it forgot)
	}
	uint64_t h = 0;
	if (sn->count >= JOIN_AFTER && sn->count < BUDGET_FACTOR * max_states &&
	    join_state(c, it->b, it->st, &h) == JOIN_SUBSUMED) {
		// Explored already, within a wider range.
		report_lost(c, false);
		return false;
	}
	if (!h)
		h = state_hash(c, it->st);
	if (sn->count >= BUDGET_FACTOR * max_states ||
	    ++c->steps > c->opts->max_steps) {
		c->budget_hit = true;
		return false;
	}
	if (!seen_add(c, it->b, h)) {
		// The rest of this path was explored from an equal state:
		// its pending lost handles are reported now.
		report_lost(c, false);
		return false;
	}
	return true;
}

// Walks the worklist to its end. A replay walks its one path: it takes
// the widenings its trail names, joins nothing and keeps no seen states.
static void walk(ctx *c)
{
	while (c->work.len) {
		item it = c->work.items[--c->work.len];
		if (c->budget_hit) {
			state_free(it.st);
			continue;
		}
		c->h = it.h;
		c->lost = it.lost;
		c->tr = it.tr;
		c->coarse = it.st->coarse;
		if (c->replay ? replay_mark(c, it.b, TRAIL_WIDEN)
			      : c->loop_head[it.b->id] &&
					c->seen[it.b->id].count >= WIDEN_AFTER) {
			widen(c, it.st, c->nvars, it.b);
			if (!c->replay)
				c->tr = trail_add(c, c->tr, it.b, TRAIL_WIDEN);
		}
		// Where the walk flattened this path, its replay forgets the
		// ranges of integers only, as a widened loop head does: a
		// counter the flattening let the path leave its loop with is
		// not held against it, a flag that decides a later test (its
		// signs) and what is related to what still are.
		if (c->replay && replay_mark(c, it.b, TRAIL_FLATTEN))
			forget_ranges(it.st);
		drop_dead(c, it.b, it.st);
		drop_irrelevant(c, it.b, it.st);
		drop_dead_fields(&c->fields, it.b, it.st);
		drop_dead_masks(&c->masks, it.b, it.st);
		collect(c, it.st, entry_loc(it.b));
		bool go = c->replay ? ++c->steps <= c->opts->max_steps
				    : admit(c, &it);
		const trail *tr = c->tr; // (with this block's marks)
		if (!go) {
			state_free(it.st);
			continue;
		}
		c->h = it.h;
		c->tr = tr;
		run_block(c, it.b, it.st);
	}
}

void replay_walk(ctx *c)
{
	// A context of its own; the analyses of the function are c's.
	ctx r = *c;
	r.a = ol_arena_new();
	r.h = NULL;
	r.lost = NULL;
	r.tr = NULL;
	r.until_seq = 0;
	r.seq = 0;
	r.steps = 0;
	r.budget_hit = false;
	r.coarse = false;
	memset(&r.lost_seen, 0, sizeof r.lost_seen);
	memset(&r.work, 0, sizeof r.work);
	memset(&r.leaked, 0, sizeof r.leaked);
	memset(&r.replay_misses, 0, sizeof r.replay_misses);
	r.seen = NULL;
	r.joins = NULL;
	r.scratch = NULL;
	r.scratch_cap = 0;
	r.spare_syms = NULL;
	r.spare_cap = 0;
	memset(&r.passed_to, 0, sizeof r.passed_to); // (c's texts are in c.a)
	r.canon_state = NULL;
	r.notes = NULL; // (c's are in c's arena)
	push_entry(&r);
	walk(&r);
	flush_lost(&r);
	c->needs_quiet_pass |= r.needs_quiet_pass;
	while (r.work.len)
		state_free(r.work.items[--r.work.len].st);
	OL_VEC_FREE(&r.work);
	OL_VEC_FREE(&r.leaked);
	free(r.scratch);
	free(r.spare_syms);
	ol_strmap_free(&r.passed_to);
	ol_arena_free(r.a);
}

// Explores `fn` once. In a quiet pass nothing is reported; it only fills
// the function's summary.
bool explore(tu_ctx *tu, const ol_func *fn, summary *sm, bool quiet,
	     bool ahead)
{
	ctx c = {0};
	c.tu = tu;
	c.fn = fn;
	c.sum = sm;
	c.kb = tu->kb;
	c.opts = tu->opts;
	c.sink = tu->sink;
	c.quiet = quiet;
	c.ahead = ahead;
	c.exit_ret = -1;
	c.rel_via = -1;
	c.slot_cont = -1;
	c.a = ol_arena_new();
	c.nvars = fn->nvars;
	c.seen = ol_xcalloc(fn->nblocks, sizeof(seen));
	c.joins = ol_xcalloc(fn->nblocks ? fn->nblocks : 1, sizeof(join_table));
	compute_liveness(&c);
	relevance(fn, c.addr_taken, c.words, &c.rel_in);
	field_liveness(fn, &c.fields);
	mask_liveness(fn, &c.masks);
	find_loop_heads(&c);
	find_returning_blocks(&c);
	push_entry(&c);
	walk(&c);
	flush_lost(&c);
	if (c.budget_hit && !quiet)
		ol_diag_sink_notice(tu->sink, OL_LEVEL_WARNING, fn->loc,
				    "budget",
				    "analysis of '%s' stopped at its budget "
				    "(%lu steps, %u states per block); paths "
				    "past that point were not checked",
				    fn->name, c.steps,
				    BUDGET_FACTOR * max_states_of(&c));
	if ((c.budget_hit || c.went_coarse) && sm)
		sm->paths = 0; // incomplete: no summary from it
	for (unsigned i = 0; i < fn->nblocks; i++)
		free(c.seen[i].slots);
	free(c.seen);
	join_tables_free(&c);
	OL_VEC_FREE(&c.work);
	OL_VEC_FREE(&c.leaked);
	OL_VEC_FREE(&c.replay_misses);
	free(c.live_in);
	free(c.rel_in);
	free(c.addr_taken);
	free(c.addr_in);
	free(c.def_in);
	free(c.addr_kept);
	free(c.loop_head);
	free(c.returns_from);
	for (unsigned i = 0; c.loop_writes && i < fn->nblocks; i++)
		free(c.loop_writes[i]);
	free(c.loop_writes);
	free(c.scratch);
	free(c.spare_syms);
	ol_strmap_free(&c.passed_to);
	field_liveness_free(&c.fields);
	mask_liveness_free(&c.masks);
	ol_arena_free(c.a);
	return c.needs_quiet_pass;
}
