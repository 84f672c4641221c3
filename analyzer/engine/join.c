/*
 * join.c — states that differ in one plain value's range are joined.
 *
 * A block is explored once per distinct state (explore.c's canonical
 * hash). Code that tests many independent flags or counters in a row
 * (`if (quotetabs) ...`, `if (saved_errno) ...`, an ADPCM coder clamping
 * `valpred` and `index` each turn) reaches a block with one state per
 * combination of outcomes, 2^n of them, and hits the state budget though
 * no check cares which combination it was.
 *
 * So, once a block has been entered with JOIN_AFTER different states,
 * each arriving state is compared with those before it one variable at a
 * time: its hash with the range of the variable's value left out
 * (state.c's join_base() and join_part(): a sum of parts, so leaving one
 * value out costs no second hash) keys a table of the ranges already
 * explored with that rest. Two states equal but for that value's range
 * stand for the union of their paths, and the union is exact when it is
 * expressible: the sign sets of two values nothing else pins down join
 * into one set (NULL-or-not, negative-or-zero-or-positive), and a range
 * that covers the other (`valpred` unknown covers `valpred == 32767`)
 * absorbs it. So:
 *
 *   - a state whose range the table's covers was explored already: it is
 *     dropped, as an equal state is;
 *   - a state whose range joins the table's exactly goes on with the
 *     joined range (the paths of the narrower range are walked again
 *     within it; findings are made once per site anyway), and the table
 *     remembers the join;
 *   - else its ranges are remembered for the states to come.
 *
 * Only plain values take part: no resource, not a parameter's entry value
 * (the summary reads those) unless an integer's (state.c keeps those only
 * while held, summary.c reads nothing of them), not related to another
 * value (a derived pointer, a link, an owner, a static object's identity).
 * For them the rest of the state says nothing of the value, so the joined
 * state holds exactly the paths of the two; no finding is invented. Exact integers
 * that differ (1 and 2) do not join: their union is not expressible, and
 * widening them would make tests such as `if (k == 3)` feasible where no
 * path had it.
 */
#include "engine_int.h"
#include "../ol.h"

#include <stdlib.h>
#include <string.h>

// What a value can be: the part of a sym the masked hash leaves out.
typedef struct range {
	uint8_t signs;
	bool has_val, has_ne, has_lo, has_hi;
	long long val, ne_val, lo, hi;
} range;

struct join_entry {
	uint64_t key; // 0: empty
	range r;
};

static range range_of(const sym *y)
{
	range r = {y->signs, y->has_val, y->has_ne, y->has_lo, y->has_hi,
		   y->val, y->ne_val, y->lo, y->hi};
	if (r.signs == S_ZERO) { // NULL / 0: the value says it all
		r.has_val = true;
		r.val = 0;
		r.has_ne = false;
	}
	if (!r.has_val)
		r.val = 0;
	if (!r.has_ne)
		r.ne_val = 0;
	if (!r.has_lo)
		r.lo = 0;
	if (!r.has_hi)
		r.hi = 0;
	return r;
}

static bool range_has(const range *r, long long v)
{
	if (!(r->signs & signs_of_val(v)))
		return false;
	if (r->has_val && r->val != v)
		return false;
	if ((r->has_lo && v < r->lo) || (r->has_hi && v > r->hi))
		return false;
	return !(r->has_ne && r->ne_val == v);
}

// Every value `a` allows, `b` allows.
static bool covers(const range *b, const range *a)
{
	if ((a->signs & b->signs) != a->signs)
		return false;
	if (b->has_val && !(a->has_val && a->val == b->val))
		return false;
	if (b->has_ne && range_has(a, b->ne_val))
		return false;
	if (b->has_lo && !(a->has_val ? a->val >= b->lo
				      : a->has_lo && a->lo >= b->lo))
		return false;
	if (b->has_hi && !(a->has_val ? a->val <= b->hi
				      : a->has_hi && a->hi <= b->hi))
		return false;
	return true;
}

// The exact union of `a` and `b`, when a range can say it.
static bool exact_union(const range *a, const range *b, range *out)
{
	if (covers(a, b)) {
		*out = *a;
		return true;
	}
	if (covers(b, a)) {
		*out = *b;
		return true;
	}
	// Sign sets alone (an exact 0 is its sign set).
	bool a_signs = !a->has_ne && !a->has_lo && !a->has_hi &&
		       (!a->has_val || a->signs == S_ZERO);
	bool b_signs = !b->has_ne && !b->has_lo && !b->has_hi &&
		       (!b->has_val || b->signs == S_ZERO);
	if (!a_signs || !b_signs)
		return false;
	*out = (range){.signs = (uint8_t)(a->signs | b->signs)};
	return true;
}

static void set_range(sym *y, const range *r)
{
	y->signs = r->signs;
	y->has_val = r->has_val;
	y->val = r->val;
	y->has_ne = r->has_ne;
	y->has_lo = r->has_lo;
	y->lo = r->lo;
	y->has_hi = r->has_hi;
	y->hi = r->hi;
	y->ne_val = r->ne_val;
}

// A value that is no resource and no other value refers to (`referred`,
// from referrers()): what is known of it is its range alone.
bool plain_value(const state *s, int i, const bool *referred)
{
	const sym *y = &s->syms[i];
	return y->rs == R_NONE && y->kind < 0 &&
	       !y->static_obj && y->base < 0 && y->link < 0 && y->owner < 0 &&
	       y->vn_from < 0 && y->cmp_of < 0 && y->cmp_stat < 0 &&
	       y->nonnull_with < 0 &&
	       y->addr_var < 0 &&
	       y->eq_stat < 0 &&
	       y->ne_stat < 0 && y->cap_role == CAP_NONE && !referred[i];
}

static bool plain(const state *s, int i, const bool *referred)
{
	const sym *y = &s->syms[i];
	return plain_value(s, i, referred) && (y->param < 0 || y->entry_int);
}

// Marks the values another value refers to (derived from, linked to, owned
// by, tested against).
bool *referrers(const state *s)
{
	bool *r = ol_xcalloc(s->nsyms ? s->nsyms : 1, sizeof(bool));
	for (unsigned k = 0; k < s->nsyms; k++) {
		const sym *o = &s->syms[k];
		int to[] = {o->base, o->link, o->owner, o->debt_cont,
			    o->vn_from, o->eq_stat, o->ne_stat, o->cmp_of,
			    o->over, o->holder, o->cmp_stat, o->nonnull_with};
		for (size_t j = 0; j < sizeof to / sizeof *to; j++)
			if (to[j] >= 0 && (unsigned)to[j] < s->nsyms)
				r[to[j]] = true;
	}
	return r;
}

static struct join_entry *slot_of(join_table *t, uint64_t key)
{
	unsigned j = (unsigned)(key % t->cap);
	while (t->slots[j].key && t->slots[j].key != key)
		j = (j + 1) % t->cap;
	return &t->slots[j];
}

static void table_grow(join_table *t)
{
	if (t->count * 2 < t->cap)
		return;
	join_table n = {ol_xcalloc(t->cap ? t->cap * 2 : 32,
				   sizeof(struct join_entry)),
			t->cap ? t->cap * 2 : 32, 0};
	for (unsigned i = 0; i < t->cap; i++)
		if (t->slots[i].key) {
			*slot_of(&n, t->slots[i].key) = t->slots[i];
			n.count++;
		}
	free(t->slots);
	*t = n;
}

// The table key of a state whose join_base() is `base`, with variable
// `v`'s value left out but for its place: `delta` is that value's part
// without its range less its part with it (see value_delta()).
static uint64_t key_of(uint64_t base, uint64_t delta, unsigned v)
{
	uint64_t h = (base + delta) ^ ((uint64_t)(v + 1) * 0x9e3779b97f4a7c15ull);
	return h ? h : 1;
}

// (`part`: value `i`'s part with its range, join_part(.., true).)
static uint64_t value_delta(const state *s, const int *map, int i,
			    uint64_t part)
{
	return join_part(s, map, i, false) - part;
}

join_result join_state(ctx *c, const ol_block *b, state *s, uint64_t *hash)
{
	join_table *t = &c->joins[b->id];
	unsigned nv = c->nvars;
	// The plain values variables hold, each once (first variable).
	int *cand = ol_xmalloc(sizeof(int) * (nv ? nv : 1));
	unsigned *var = ol_xmalloc(sizeof(unsigned) * (nv ? nv : 1));
	bool *referred = referrers(s);
	bool *taken = ol_xcalloc(s->nsyms ? s->nsyms : 1, sizeof(bool));
	unsigned n = 0;
	for (unsigned v = 0; v < nv; v++) {
		if (s->env[v] < 0)
			continue;
		int i = sym_root(s, s->env[v]);
		if (i < 0 || taken[i] || !plain(s, i, referred))
			continue;
		taken[i] = true;
		cand[n] = i;
		var[n++] = v;
	}
	free(taken);
	free(referred);
	const int *map;
	uint64_t *part = ol_xmalloc(sizeof(uint64_t) *
				    (s->nsyms ? s->nsyms : 1));
	uint64_t base = join_base(c, s, &map, part);
	// Each value's key is the base and its delta: computed once.
	uint64_t *delta = ol_xmalloc(sizeof(uint64_t) * (n ? n : 1));
	for (unsigned k = 0; k < n; k++)
		delta[k] = value_delta(s, map, cand[k], part[cand[k]]);
	join_result res = JOIN_NEW;
	for (unsigned k = 0; k < n && res == JOIN_NEW && t->cap; k++) {
		struct join_entry *e =
			slot_of(t, key_of(base, delta[k], var[k]));
		if (!e->key)
			continue;
		range mine = range_of(&s->syms[cand[k]]), both;
		if (covers(&e->r, &mine)) {
			res = JOIN_SUBSUMED;
		} else if (exact_union(&e->r, &mine, &both)) {
			e->r = both;
			base -= part[cand[k]];
			set_range(&s->syms[cand[k]], &both);
			part[cand[k]] = join_part(s, map, cand[k], true);
			base += part[cand[k]];
			delta[k] = value_delta(s, map, cand[k], part[cand[k]]);
			res = JOIN_WIDENED;
		}
	}
	if (res != JOIN_SUBSUMED) {
		// Remember the ranges this state is explored with, under each
		// of its values (a joined one is already remembered).
		for (unsigned k = 0; k < n; k++) {
			table_grow(t);
			uint64_t key = key_of(base, delta[k], var[k]);
			struct join_entry *e = slot_of(t, key);
			if (!e->key) {
				e->key = key;
				e->r = range_of(&s->syms[cand[k]]);
				t->count++;
			}
		}
	}
	free(delta);
	free(part);
	free(cand);
	free(var);
	// (state_hash()'s sum of parts.)
	*hash = base ? base : 1;
	return res;
}

void join_tables_free(ctx *c)
{
	if (!c->joins)
		return;
	for (unsigned i = 0; i < c->fn->nblocks; i++)
		free(c->joins[i].slots);
	free(c->joins);
	c->joins = NULL;
}
