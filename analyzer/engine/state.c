/*
 * state.c — symbolic values and the states that hold them.
 *
 * A path's state maps
 *
 *   env    variable -> symbol (a value); locals, params, temporaries, and
 *          the globals the function mentions (forgotten after unknown calls);
 *   addr   variable -> the symbol of `&variable` (so `&Py_None` is one value);
 *   fields (base symbol, field name) -> symbol: what was last read from or
 *          written to `base->field`, forgotten when Python code may run;
 *   syms   what is known of each value: its sign set (negative/zero/
 *          positive; for pointers zero = NULL), an exact integer when known,
 *          and, when it is a resource, its kind, life-cycle state, owned
 *          reference count and where it was acquired.
 *
 * Joins compare states by a canonical hash: symbols are renamed in order of
 * first use from the roots (env, addr, parameters' entry values, field
 * slots of reachable objects), and history is left out, so two paths that
 * reached the same facts by different routes hash equal. What is not
 * reachable from a root is garbage (report.c's collect() drops it).
 *
 * History (`hist`) is a chain shared between paths: a step is never
 * changed once added, so a finding can show the path that led to it.
 */
#include "engine_int.h"
#include "../ol.h"

#include <stdlib.h>
#include <string.h>

// A state and its two per-variable arrays are one allocation: a path
// clones its state at every branch.
static state *state_alloc(unsigned nvars)
{
	state *s = ol_xmalloc(sizeof *s + sizeof(int) * 2 * (size_t)nvars);
	memset(s, 0, sizeof *s);
	s->env = (int *)(s + 1);
	s->addr = s->env + nvars;
	return s;
}

state *state_new(unsigned nvars)
{
	state *s = state_alloc(nvars);
	for (unsigned i = 0; i < 2 * nvars; i++)
		s->env[i] = -1;
	return s;
}

// malloc + memcpy that accepts n == 0 (and then a NULL source).
static void *copy_of(const void *p, size_t n)
{
	void *q = ol_xmalloc(n ? n : 1);
	if (n)
		memcpy(q, p, n);
	return q;
}

state *state_clone(const state *s, unsigned nvars)
{
	state *c = state_alloc(nvars);
	memcpy(c->env, s->env, sizeof(int) * nvars);
	memcpy(c->addr, s->addr, sizeof(int) * nvars);
	c->nsyms = s->nsyms;
	c->cap = s->nsyms + SYM_HEADROOM;
	c->syms = ol_xmalloc(sizeof(sym) * c->cap);
	if (s->nsyms)
		memcpy(c->syms, s->syms, sizeof(sym) * s->nsyms);
	c->fcap = c->nfs = s->nfs;
	c->fs = copy_of(s->fs, sizeof(fslot) * s->nfs);
	c->nogil = s->nogil;
	c->gil_borrowed = s->gil_borrowed;
	c->selfcheck = s->selfcheck;
	c->finalizing = s->finalizing;
	c->coarse = s->coarse;
	c->err = s->err;
	c->err_emptied = s->err_emptied;
	return c;
}

void state_free(state *s)
{
	if (!s)
		return;
	free(s->syms);
	free(s->fs);
	free(s);
}

int sym_new(state *s, uint8_t signs)
{
	if (s->nsyms == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 16;
		s->syms = ol_xrealloc(s->syms, sizeof(sym) * s->cap);
	}
	sym *y = &s->syms[s->nsyms];
	memset(y, 0, sizeof *y);
	y->signs = signs;
	y->kind = -1;
	y->base = y->link = y->addr_var = y->param = y->owner = -1;
	y->rel_var = -1;
	y->debt_cont = -1;
	y->over = -1;
	y->kept_in = -1;
	y->holder = -1;
	y->eq_stat = y->ne_stat = y->vn_from = y->cmp_of = -1;
	y->cmp_stat = -1;
	y->nonnull_with = -1;
	return (int)s->nsyms++;
}

uint8_t signs_of_val(long long v)
{
	return v < 0 ? S_NEG : v == 0 ? S_ZERO : S_POS;
}

int sym_const(state *s, long long v)
{
	int i = sym_new(s, signs_of_val(v));
	s->syms[i].has_val = true;
	s->syms[i].val = v;
	return i;
}

uint8_t signs_for_type(const ol_type *t)
{
	switch (t->cls) {
	case OL_TY_POINTER:
		return S_ZERO | S_POS;
	case OL_TY_ARRAY:
	case OL_TY_FUNC:
		return S_POS;
	default:
		return S_ALL;
	}
}

int sym_fresh(state *s, const ol_type *t)
{
	return sym_new(s, signs_for_type(t));
}

// The sym a derived pointer (p + n) stands for.
int sym_root(const state *s, int i)
{
	for (unsigned guard = 0; i >= 0 && s->syms[i].base >= 0 &&
				 guard < 64; guard++)
		i = s->syms[i].base;
	return i;
}

bool is_pyobj(const ol_type *t)
{
	return t->cls == OL_TY_POINTER && t->pointee &&
	       (!strcmp(t->pointee, "struct _object") ||
		!strcmp(t->pointee, "_object") ||
		!strcmp(t->pointee, "PyObject"));
}

// A pointer to any Python object's struct: PyObject *, or a struct that
// starts with an object head (`FooObject *self`, `PyTypeObject *`). Only
// parameters of such types are references by convention: fields and
// locals typed `FooObject *` also serve as plain links (free lists, the
// nodes of a C list of objects).
bool is_object_pointer(const ol_type *t)
{
	return is_pyobj(t) || (t->cls == OL_TY_POINTER && t->object);
}

// `e` without the casts around it (the lowering writes a cast as an
// unknown of one argument).
const ol_expr *strip_casts(const ol_expr *e)
{
	while (e && e->kind == OL_E_UNKNOWN && e->nargs == 1)
		e = e->args[0];
	return e;
}

// `PyTypeObject *` (C spells its canonical type `struct _typeobject`).
bool is_type_pointer(const ol_type *t)
{
	return t->cls == OL_TY_POINTER && t->pointee &&
	       (!strcmp(t->pointee, "struct _typeobject") ||
		!strcmp(t->pointee, "_typeobject") ||
		!strcmp(t->pointee, "PyTypeObject"));
}

// CPython's type checks, `Py<Type>_Check(o)` and `Py<Type>_CheckExact(o)`:
// an object's type does not change, so neither does their answer.
bool type_check_name(const char *name)
{
	if (!name || strncmp(name, "Py", 2))
		return false;
	const char *u = strchr(name + 2, '_');
	return u && u > name + 2 &&
	       (!strcmp(u, "_Check") || !strcmp(u, "_CheckExact"));
}

// The check `e` makes when it is a call of one, `PyUnicode_Check(o)`, or
// what the macro expands to, `PyType_HasFeature(Py_TYPE(o), ...)`, or the
// read of the type it tests, `Py_TYPE(o)` (so that `Py_TYPE(o) !=
// &Foo_Type` tested twice answers the same: japronto): its name, and the
// object tested in `*obj` (when asked); else NULL.
const char *type_check_of(const ol_expr *e, const ol_expr **obj)
{
	if (!e || e->kind != OL_E_CALL || e->nargs < 1)
		return NULL;
	const ol_expr *o = NULL;
	const char *name = NULL;
	if (type_check_name(e->text) && e->nargs == 1) {
		name = e->text;
		o = e->args[0];
	} else if (e->text && !strcmp(e->text, "Py_TYPE") && e->nargs == 1) {
		// (an inline function in 3.11: the object's type field, read
		// again the same, as `o->ob_type` is)
		name = e->text;
		o = e->args[0];
	} else if (type_check_name(e->macro) && e->args[0]->kind == OL_E_CALL &&
		   e->args[0]->text && !strcmp(e->args[0]->text, "Py_TYPE") &&
		   e->args[0]->nargs == 1) {
		name = e->macro;
		o = e->args[0]->args[0];
	}
	if (obj)
		*obj = o;
	return name;
}

// `o->field` with `o` a parameter pointing to a plain struct of the
// caller's (not an object): an out-parameter struct, or one the caller
// keeps on its stack for the callee to fill.
bool callers_struct_field(const ol_expr *lhs)
{
	if (!lhs || lhs->kind != OL_E_MEMBER || !lhs->arrow ||
	    lhs->sub[0]->kind != OL_E_VAR || !lhs->sub[0]->var ||
	    lhs->sub[0]->var->kind != OL_VAR_PARAM)
		return false;
	const ol_type *t = &lhs->sub[0]->var->type;
	return t->cls == OL_TY_POINTER && !t->object && !is_pyobj(t);
}

// (C++) A pointer to a function template's type parameter (`T *`).
bool type_parameter_pointer(const ol_type *t)
{
	return t->cls == OL_TY_POINTER && t->pointee &&
	       !strncmp(t->pointee, "type-parameter-", 15);
}

bool is_pointer(const ol_type *t)
{
	return t->cls == OL_TY_POINTER || t->cls == OL_TY_ARRAY;
}

bool is_local(const ol_var *v)
{
	return v->kind == OL_VAR_PARAM || v->kind == OL_VAR_LOCAL ||
	       v->kind == OL_VAR_TEMP;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdull;
}

static uint64_t mix_str(uint64_t h, const char *s)
{
	for (; s && *s; s++)
		h = mix(h, (unsigned char)*s);
	return h;
}

// Gives `i`, a sym not reached yet (or -1), the next canonical index.
static inline void reach(int i, int *map, int *order, unsigned *n)
{
	if (i >= 0 && map[i] < 0) {
		map[i] = (int)*n;
		order[(*n)++] = i;
	}
}

static void visit(const state *s, int root, int *map, int *order,
		  unsigned *n)
{
	if (root < 0 || map[root] >= 0)
		return;
	// (The count is a local: map and order are ints, which the compiler
	// must otherwise assume may alias it.)
	unsigned count = *n;
	unsigned k = count;
	reach(root, map, order, &count);
	for (; k < count; k++) {
		const sym *y = &s->syms[order[k]];
		// (A reverse link does not keep what it waits on alive.)
		bool reverse = y->lk == L_ACQ_ON || y->lk == L_NULL_WITH ||
			       y->lk == L_ERR_OF ||
			       y->lk == L_NONNULL_IF_CLEAR ||
			       y->lk == L_STOLEN_WITH;
		// (A holder the function no longer owns a reference to, a
		// dict stolen into a tuple, is kept for what it holds: its
		// holder's death kills them too. An owned one is not: lost,
		// it is leaked, and what it holds is kept forever.)
		int held_by = y->holder >= 0 &&
				      s->syms[y->holder].rs != R_OWNED
			? y->holder : -1;
		reach(y->base, map, order, &count);
		reach(reverse ? -1 : y->link, map, order, &count);
		reach(y->owner, map, order, &count);
		reach(y->debt_cont, map, order, &count);
		reach(y->cmp_of, map, order, &count);
		reach(y->over, map, order, &count);
		reach(held_by, map, order, &count);
		reach(y->cmp_stat, map, order, &count);
	}
	*n = count;
}

// Renames syms reachable from the roots (env, addr, field slots) in
// first-use order; `map` gets the new index of each old sym or -1.
// Returns the number reachable.
unsigned canon_order(const state *s, unsigned nvars, int *map,
			    int *order)
{
	unsigned n = 0;
	for (unsigned i = 0; i < s->nsyms; i++)
		map[i] = -1;
	for (unsigned v = 0; v < nvars; v++) {
		// (Most variables hold nothing: test before the call.)
		if (s->env[v] >= 0 && map[s->env[v]] < 0)
			visit(s, s->env[v], map, order, &n);
		if (s->addr[v] >= 0 && map[s->addr[v]] < 0)
			visit(s, s->addr[v], map, order, &n);
	}
	// Parameters' entry values stay: the summary asks what became of
	// them at every return (an integer is no resource: nothing becomes
	// of it, and it stays only while something holds it).
	for (unsigned i = 0; i < s->nsyms; i++)
		if (s->syms[i].param >= 0 && !s->syms[i].entry_int)
			visit(s, (int)i, map, order, &n);
	// So does a container's item released before its slot is
	// overwritten (sm/pyref.c's debts): the path's end reports it
	// otherwise.
	for (unsigned i = 0; i < s->nsyms; i++)
		if (s->syms[i].debt_ev && s->syms[i].debt_kept && map[i] < 0)
			visit(s, (int)i, map, order, &n);
	// A field slot matters while its base object is reachable; its value
	// may be the base of further slots (`a->b->c`). So does a tested
	// `x & k` while x is (the next test of the same flag is decided).
	// Each reached value, in canonical order, reaches the values of the
	// slots on it (in slot order), then the tested flags read from it:
	// one walk of a list per value, so that a chain of a thousand nodes
	// costs a thousand steps, not a million.
	int local[256];
	size_t need = 3 * (size_t)s->nsyms + s->nfs;
	int *first_slot = need <= 256 ? local : ol_xmalloc(sizeof(int) * need);
	int *first_flag = first_slot + s->nsyms;
	int *next_flag = first_flag + s->nsyms;
	int *next_slot = next_flag + s->nsyms;
	for (unsigned i = 0; i < 2 * s->nsyms; i++)
		first_slot[i] = -1; // (and first_flag)
	for (unsigned f = s->nfs; f-- > 0;) {
		next_slot[f] = first_slot[s->fs[f].base];
		first_slot[s->fs[f].base] = (int)f;
	}
	for (unsigned i = s->nsyms; i-- > 0;) {
		const sym *y = &s->syms[i];
		if (y->vn_from >= 0 && y->tested) {
			next_flag[i] = first_flag[y->vn_from];
			first_flag[y->vn_from] = (int)i;
		}
	}
	for (unsigned k = 0; k < n; k++) {
		int b = order[k];
		for (int f = first_slot[b]; f >= 0; f = next_slot[f]) {
			visit(s, s->fs[f].val, map, order, &n);
			visit(s, s->fs[f].ix, map, order, &n);
		}
		for (int i = first_flag[b]; i >= 0; i = next_flag[i])
			visit(s, i, map, order, &n);
	}
	if (first_slot != local)
		free(first_slot);
	return n;
}

int *canon_scratch(ctx *c, unsigned nsyms)
{
	size_t need = 2 * ((size_t)nsyms + 1);
	c->canon_state = NULL;
	if (need > c->scratch_cap) {
		free(c->scratch);
		c->scratch_cap = need * 2;
		c->scratch = ol_xmalloc(sizeof(int) * c->scratch_cap);
	}
	return c->scratch;
}

// Mixes what is known of value `y` into `h`; its range (signs, exact
// value, known inequality) only with `range`. Related values are named by
// their canonical index (`map`).
static uint64_t sym_digest(uint64_t h, const sym *y, const int *map,
			   bool range)
{
	h = mix(h, (range ? y->signs : 0) | (uint64_t)y->rs << 8 |
			   (uint64_t)(y->kind + 1) << 16 |
			   (uint64_t)(range && y->has_val) << 24 |
			   (uint64_t)y->borrowed_base << 25 |
			   (uint64_t)y->weak << 26 |
			   (uint64_t)y->consumed << 27 |
			   (uint64_t)y->lk << 28 |
			   (uint64_t)y->steal_times << 36);
	if (range && y->has_val)
		h = mix(h, (uint64_t)y->val);
	if (range && y->has_ne)
		h = mix(h, (uint64_t)y->ne_val ^ 0x5bd1e995u);
	if (range && y->has_lo)
		h = mix(h, (uint64_t)y->lo ^ 0x27d4eb2fu);
	if (range && y->has_hi)
		h = mix(h, (uint64_t)y->hi ^ 0x165667b1u);
	h = mix(h, (uint64_t)y->refs | (uint64_t)y->owed << 32 |
			   (uint64_t)y->static_obj << 40 |
			   (uint64_t)y->err_pending << 41 |
			   (uint64_t)y->cached_obj << 42 |
			   (uint64_t)y->unknown_base << 43 |
			   (uint64_t)y->items_taken << 44 |
			   (uint64_t)y->lent_back << 45 |
			   (uint64_t)y->err_tied << 46 |
			   (uint64_t)y->err_probe << 49 |
			   (uint64_t)y->null_raises << 50 |
			   (uint64_t)y->err_probe_helper << 51 |
			   (uint64_t)y->nonnull_if_ok << 52 |
			   (uint64_t)y->field_base << 53);
	if (y->len1)
		h = mix(h, (uint64_t)y->len1 ^ 0x2545f491u);
	h = mix(h, (uint64_t)(uintptr_t)y->acq);
	h = mix(h, y->base < 0 ? 0 : (uint64_t)map[y->base] + 1);
	h = mix(h, y->link < 0 ? 0 : (uint64_t)map[y->link] + 1);
	h = mix(h, (uint64_t)(y->addr_var + 1));
	h = mix(h, (uint64_t)(y->param + 1));
	h = mix(h, y->owner < 0 ? 0 : (uint64_t)map[y->owner] + 1);
	h = mix(h, y->debt_cont < 0 ? 0 : (uint64_t)map[y->debt_cont] + 1);
	if (y->over >= 0)
		h = mix(h, (uint64_t)map[y->over] + 0x9e3779b9u);
	if (y->cmp_of >= 0)
		h = mix(mix(h, ((uint64_t)map[y->cmp_of] + 1) |
				       (uint64_t)y->cmp_op << 32),
			(uint64_t)y->cmp_k);
	if (y->cmp_stat >= 0)
		h = mix(h, (uint64_t)map[y->cmp_stat] + 0x85ebca6bu);
	if (y->nonnull_with >= 0)
		h = mix(h, (uint64_t)map[y->nonnull_with] + 0xc2b2ae35u);
	h = mix(h, (y->eq_stat < 0 ? 0 : (uint64_t)map[y->eq_stat] + 1) |
			   (y->ne_stat < 0 ? 0 : (uint64_t)map[y->ne_stat] + 1)
				   << 32);
	h = mix(h, (uint64_t)y->readonly | (uint64_t)y->gil_prev << 1 |
			   (uint64_t)(y->stale_ev != NULL) << 9 |
			   (uint64_t)(y->inval_ev != NULL) << 10 |
			   (uint64_t)y->closed << 11 |
			   (uint64_t)y->fallible << 12 |
			   (uint64_t)y->held_elsewhere << 13 |
			   (uint64_t)y->interp_alive << 14 |
			   (uint64_t)(y->rel_var + 1) << 15 |
			   (uint64_t)(y->debt_ev != NULL) << 47 |
			   (uint64_t)y->exact_builtin << 48 |
			   (uint64_t)y->not_static << 50 |
			   (uint64_t)y->writeback << 49 |
			   (uint64_t)y->store_undone << 51);
	// (sm/capsule.c, sm/dlpack.c)
	h = mix(h, (uint64_t)y->cap_role | (uint64_t)y->move_to_owner << 8 |
			   (uint64_t)y->in_local_agg << 9 |
			   (uint64_t)y->self_marked << 10 |
			   (uint64_t)y->into_made << 11);
	// (engine/holder.c)
	if (y->holder >= 0 || y->held_by || y->lent)
		h = mix(mix(h, (y->holder < 0 || map[y->holder] < 0
					? 0
					: (uint64_t)map[y->holder] + 1) |
				       (uint64_t)(y->held_by != NULL) << 32 |
				       (uint64_t)y->lent << 33 |
				       (uint64_t)y->hold_slot_const << 34),
			(uint64_t)y->hold_slot);
	return mix_str(mix_str(mix_str(h, y->cap_name), y->cap_dtor),
		       y->field_ref);
}

// The part of the hash that names no value's facts: the variables, the
// field slots, the path's flags (over the canonical `map`).
static uint64_t shape_digest(const state *s, unsigned nvars, const int *map)
{
	uint64_t h = 1469598103934665603ull ^ s->nogil ^
		     (uint64_t)s->gil_borrowed << 1 ^
		     (uint64_t)s->selfcheck << 2 ^
		     (uint64_t)s->finalizing << 3 ^
		     (uint64_t)s->coarse << 4 ^
		     (uint64_t)s->err << 5 ^
		     (uint64_t)s->err_emptied << 7;
	for (unsigned v = 0; v < nvars; v++) {
		h = mix(h, s->env[v] < 0 ? 0xffffffffu
					 : (uint64_t)map[s->env[v]]);
		h = mix(h, s->addr[v] < 0 ? 0xffffffffu
					  : (uint64_t)map[s->addr[v]]);
	}
	for (unsigned f = 0; f < s->nfs; f++) {
		if (map[s->fs[f].base] < 0)
			continue;
		h = mix(h, (uint64_t)map[s->fs[f].base]);
		h = mix_str(h, s->fs[f].field);
		h = mix(h, (uint64_t)map[s->fs[f].val] * 4 + s->fs[f].read +
				   (uint64_t)s->fs[f].stale * 2);
		if (s->fs[f].ix >= 0)
			h = mix(h, (uint64_t)map[s->fs[f].ix] + 7);
		h = mix_str(h, s->fs[f].dropped_ref);
	}
	return h;
}

uint64_t state_hash(ctx *c, const state *s)
{
	// (Ordered by collect() or join_base() just before: a join since
	// changed ranges only, and the order holds.)
	bool ordered = c->canon_state == s;
	unsigned n = c->canon_n;
	int *map = ordered ? c->scratch : canon_scratch(c, s->nsyms);
	int *order = map + s->nsyms + 1;
	if (!ordered)
		n = canon_order(s, c->nvars, map, order);
	c->canon_state = NULL;
	// The sum of join.c's parts, so that a join key's base is this hash
	// (join_state() hands it over).
	uint64_t h = shape_digest(s, c->nvars, map);
	for (unsigned k = 0; k < n; k++)
		h += join_part(s, map, order[k], true);
	return h ? h : 1;
}

// Join keys (join.c) are a sum of parts, so that one value's range can be
// left out of it without hashing the state again: the shape, plus for
// each reachable value a digest of it at its canonical place.
// (Parts are added up, so each goes through a full avalanche: with mix()
// alone, two values swapping their facts would sum to the same key.)
static uint64_t avalanche(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ull;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

uint64_t join_part(const state *s, const int *map, int i, bool range)
{
	return avalanche(sym_digest(avalanche((uint64_t)map[i] + 1),
				    &s->syms[i], map, range));
}

uint64_t join_base(ctx *c, const state *s, const int **map_out,
		   uint64_t *parts)
{
	bool ordered = c->canon_state == s; // (by collect())
	unsigned n = c->canon_n;
	int *map = ordered ? c->scratch : canon_scratch(c, s->nsyms);
	int *order = map + s->nsyms + 1;
	if (!ordered)
		n = canon_order(s, c->nvars, map, order);
	uint64_t h = shape_digest(s, c->nvars, map);
	for (unsigned k = 0; k < n; k++) {
		uint64_t p = join_part(s, map, order[k], true);
		if (parts)
			parts[order[k]] = p;
		h += p;
	}
	*map_out = map;
	c->canon_state = s;
	c->canon_n = n;
	return h;
}

const hist *hist_add(ctx *c, const hist *prev, ol_loc loc,
			    const char *msg)
{
	hist *h = OL_NEW(c->a, hist);
	h->prev = prev;
	h->loc = loc;
	h->msg = msg;
	h->seq = ++c->seq;
	return h;
}

fslot *field_slot(state *s, int base, const char *field)
{
	for (unsigned i = 0; i < s->nfs; i++)
		if (s->fs[i].base == base && !s->fs[i].stale &&
		    !strcmp(s->fs[i].field, field))
			return &s->fs[i];
	return NULL;
}

// What unassigned_int_read() keeps of `base`'s fields across a call,
// forgotten: the callee is given `base` and may write through it.
void forget_int_reads_of(const ctx *c, state *s, int base)
{
	unsigned nf = 0;
	for (unsigned f = 0; f < s->nfs; f++)
		if (s->fs[f].base != base || !s->fs[f].read ||
		    !unassigned_int_read(c, s, &s->fs[f]))
			s->fs[nf++] = s->fs[f];
	s->nfs = nf;
}

fslot *stale_slot(state *s, int base, const char *field)
{
	for (unsigned i = 0; i < s->nfs; i++)
		if (s->fs[i].base == base && s->fs[i].stale &&
		    !strcmp(s->fs[i].field, field))
			return &s->fs[i];
	return NULL;
}

void drop_stale_slot(state *s, int base, const char *field)
{
	unsigned nf = 0;
	for (unsigned f = 0; f < s->nfs; f++)
		if (!s->fs[f].stale || s->fs[f].base != base ||
		    strcmp(s->fs[f].field, field))
			s->fs[nf++] = s->fs[f];
	s->nfs = nf;
}

// Forgets the relations kept for the fields named `field` (of any base:
// `p->f = v` may write the object another pointer reaches), or those of
// the fields of `base` and the values read from them that have one (a
// call that writes through it), whichever is given.
void drop_stale(state *s, int base, const char *field)
{
	unsigned nf = 0;
	for (unsigned f = 0; f < s->nfs; f++) {
		const fslot *x = &s->fs[f];
		const sym *v = &s->syms[sym_root(s, x->val)];
		bool drop = field ? x->stale && !strcmp(x->field, field)
				  : x->base == base &&
					    (x->stale ||
					     (x->read && (v->eq_stat >= 0 ||
							  v->ne_stat >= 0)));
		if (!drop)
			s->fs[nf++] = *x;
	}
	s->nfs = nf;
}

fslot *field_add(state *s, int base, const char *field, int val,
			bool read)
{
	if (s->nfs == s->fcap) {
		s->fcap = s->fcap ? s->fcap * 2 : 8;
		s->fs = ol_xrealloc(s->fs, sizeof(fslot) * s->fcap);
	}
	fslot *f = &s->fs[s->nfs++];
	f->base = base;
	f->field = field;
	f->val = val;
	f->read = read;
	f->ix = -1;
	f->object = false;
	f->by_value = false;
	f->dropped_ref = NULL;
	f->stale = false;
	return f;
}

// An out-parameter's fields keep their values until the call is known to
// have succeeded (`view.len = -1` marks a Py_buffer not acquired yet).
void keep_fields(state *s, int from, int to)
{
	unsigned n = s->nfs;
	for (unsigned i = 0; i < n; i++)
		if (s->fs[i].base == from)
			field_add(s, to, s->fs[i].field, s->fs[i].val,
				  s->fs[i].read);
}

// Forgets the field slots of `base` whose name starts with `prefix` (all
// of them when NULL).
void drop_fields_named(state *s, int base, const char *prefix)
{
	size_t n = prefix ? strlen(prefix) : 0;
	unsigned nf = 0;
	for (unsigned f = 0; f < s->nfs; f++)
		if (s->fs[f].base != base ||
		    (prefix && strncmp(s->fs[f].field, prefix, n)))
			s->fs[nf++] = s->fs[f];
	s->nfs = nf;
}

// Forgets the field slots whose values were only read from memory; those
// this function wrote keep what it wrote (and the stale ones their
// relation).
void forget_reads(state *s)
{
	unsigned nf = 0;
	for (unsigned f = 0; f < s->nfs; f++)
		if (!s->fs[f].read || s->fs[f].stale)
			s->fs[nf++] = s->fs[f];
	s->nfs = nf;
}

// A call filled, emptied or released `base`: what was known of its fields is
// stale.
void drop_fields(state *s, int base)
{
	drop_fields_named(s, base, NULL);
}

int kind_index(const char *kind)
{
	const ol_sm *m = ol_sm_find(kind);
	if (!m)
		return -1;
	for (size_t i = 0; i < ol_sm_count(); i++)
		if (ol_sm_at(i) == m)
			return (int)i;
	return -1;
}

const ol_sm *sm_of(const sym *y)
{
	return y->kind >= 0 ? ol_sm_at((size_t)y->kind) : NULL;
}

const char *sm_kind(const sym *y)
{
	const ol_sm *m = sm_of(y);
	return m ? m->kind : "?";
}
