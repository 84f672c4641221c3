/*
 * graph.c — filling the ownership graph: owner declarations, owner facts
 * from the engine, and what the IR says directly (the call graph, the
 * globals, object-level edges between a function's variables), then
 * merging the per-TU graphs into the run's graph.
 *
 * Object-level edges (MOJO-OWN-108 a) are found syntactically: a walk over
 * a function's blocks in order, evaluation order within an op, records
 * "container adds item" calls and `a->f = b` stores between variables,
 * removals (`PyDict_DelItem(c, ...)`, `a->f = NULL`, Py_CLEAR) and
 * reassignments of a variable (it then names another object). An edge that
 * makes its source reachable from its target closes a cycle; it is
 * reported when the cycle's edges can all happen on one path (each
 * edge's block reaches the next one's) and no later removal breaks it.
 * This deliberately ignores branch conditions: a cycle built under
 * `if (x)` and broken under `if (!x)` would not be reported, and the walk
 * never reports a cycle it cannot show edge by edge.
 */
#include "graph_int.h"

#include "../ol.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Interning                                                           */

static uint64_t hash_str(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

static void strs_grow(ol_graph *g)
{
	size_t cap = g->capstrs ? g->capstrs * 2 : 256;
	const char **n = ol_xcalloc(cap, sizeof *n);

	for (size_t i = 0; i < g->capstrs; i++) {
		const char *s = g->strs[i];
		if (!s)
			continue;
		size_t h = (size_t)hash_str(s) & (cap - 1);
		while (n[h])
			h = (h + 1) & (cap - 1);
		n[h] = s;
	}
	free(g->strs);
	g->strs = n;
	g->capstrs = cap;
}

const char *ol_graph__intern(ol_graph *g, const char *s)
{
	if (!s)
		return NULL;
	if ((g->nstrs + 1) * 2 > g->capstrs)
		strs_grow(g);
	size_t h = (size_t)hash_str(s) & (g->capstrs - 1);
	while (g->strs[h]) {
		if (!strcmp(g->strs[h], s))
			return g->strs[h];
		h = (h + 1) & (g->capstrs - 1);
	}
	g->strs[h] = ol_arena_strdup(g->a, s);
	g->nstrs++;
	return g->strs[h];
}

#define I(s) ol_graph__intern(g, (s))

static ol_loc intern_loc(ol_graph *g, ol_loc l)
{
	l.file = I(l.file);
	l.mfile = l.mfile ? I(l.mfile) : NULL;
	return l;
}

/* ------------------------------------------------------------------ */
/* Life cycle                                                          */

ol_graph *ol_graph_new(void)
{
	ol_graph *g = ol_xcalloc(1, sizeof *g);
	g->a = ol_arena_new();
	return g;
}

void ol_graph_free(ol_graph *g)
{
	if (!g)
		return;
	OL_VEC_FREE(&g->owners);
	OL_VEC_FREE(&g->fields);
	OL_VEC_FREE(&g->written);
	OL_VEC_FREE(&g->facts);
	OL_VEC_FREE(&g->funcs);
	OL_VEC_FREE(&g->calls);
	OL_VEC_FREE(&g->fglobals);
	OL_VEC_FREE(&g->globals);
	OL_VEC_FREE(&g->objedges);
	OL_VEC_FREE(&g->slotsets);
	OL_VEC_FREE(&g->findings);
	OL_VEC_FREE(&g->events);
	OL_VEC_FREE(&g->slots);
	free(g->strs);
	free(g->facthash);
	ol_arena_free(g->a);
	free(g);
}

void ol_graph_add_owner(ol_graph *g, const ol_owner_decl *d)
{
	g_owner o = { .d = *d };
	o.d.var = I(d->var);
	o.d.name = I(d->name);
	o.d.inst = I(d->inst);
	o.d.dealloc = I(d->dealloc);
	o.d.traverse = I(d->traverse);
	o.d.clear = I(d->clear);
	o.d.finalize = I(d->finalize);
	o.d.free = I(d->free);
	o.d.base = I(d->base);
	o.d.loc = intern_loc(g, d->loc);
	OL_VEC_PUSH(&g->owners, o);
}

void ol_graph_add_field(ol_graph *g, const char *strukt, const char *field,
			const char *pointee)
{
	g_field f = { I(strukt), I(field), I(pointee), 0 };
	for (size_t i = 0; i < g->fields.len; i++)
		if (g->fields.items[i].strukt == f.strukt &&
		    g->fields.items[i].field == f.field)
			return;
	OL_VEC_PUSH(&g->fields, f);
}

/* ------------------------------------------------------------------ */
/* Facts                                                               */

static uint64_t fact_hash(const g_fact *f)
{
	uintptr_t parts[] = { (uintptr_t)f->kind, (uintptr_t)f->type,
			      (uintptr_t)f->field, (uintptr_t)f->func,
			      (uintptr_t)f->api, (uintptr_t)f->loc.file,
			      f->loc.line, f->loc.col, f->tu };
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++)
		h = (h ^ parts[i]) * 1099511628211ull;
	return h ^ (h >> 29);
}

static bool fact_eq(const g_fact *x, const g_fact *y)
{
	return x->kind == y->kind && x->type == y->type &&
	       x->field == y->field && x->func == y->func &&
	       x->api == y->api && x->loc.file == y->loc.file &&
	       x->loc.line == y->loc.line && x->loc.col == y->loc.col &&
	       x->tu == y->tu;
}

static void facthash_put(ol_graph *g, size_t idx);

static void facthash_grow(ol_graph *g)
{
	free(g->facthash);
	g->capfacthash = g->capfacthash ? g->capfacthash * 2 : 256;
	g->facthash = ol_xcalloc(g->capfacthash, sizeof *g->facthash);
	for (size_t i = 0; i < g->facts.len; i++)
		facthash_put(g, i);
}

static void facthash_put(ol_graph *g, size_t idx)
{
	size_t m = g->capfacthash - 1;
	size_t h = (size_t)fact_hash(&g->facts.items[idx]) & m;
	while (g->facthash[h])
		h = (h + 1) & m;
	g->facthash[h] = idx + 1;
}

// Adds `f` (strings interned) unless an equal fact is there.
void ol_graph__add_fact(ol_graph *g, const g_fact *f)
{
	if ((g->facts.len + 1) * 2 > g->capfacthash)
		facthash_grow(g);
	size_t m = g->capfacthash - 1;
	for (size_t h = (size_t)fact_hash(f) & m; g->facthash[h];
	     h = (h + 1) & m)
		if (fact_eq(&g->facts.items[g->facthash[h] - 1], f))
			return;
	OL_VEC_PUSH(&g->facts, *f);
	facthash_put(g, g->facts.len - 1);
}

void ol_graph_on_fact(const ol_owner_fact *f, void *payload)
{
	ol_graph *g = payload;
	g_fact x = {
		.kind = f->kind,
		.type = I(f->owner_type),
		.field = I(f->field),
		.value_type = I(f->value_type),
		.resource = I(f->resource),
		.api = I(f->api),
		.func = I(f->func),
		.rel_api = I(f->release_api),
		.static_value = f->static_value,
		.from_caller = f->from_caller,
		.loc = intern_loc(g, f->loc),
	};
	ol_graph__add_fact(g, &x);
}

/* ------------------------------------------------------------------ */
/* The IR: call graph, globals                                         */

typedef OL_VEC(const ol_expr *) expr_vec;

// Appends the calls, function references, assignments and address-ofs
// of `e` in evaluation order (arguments before the call).
static void walk_expr(expr_vec *out, const ol_expr *e)
{
	if (!e)
		return;
	for (int k = 0; k < 2; k++)
		walk_expr(out, e->sub[k]);
	walk_expr(out, e->fn);
	for (unsigned k = 0; k < e->nargs; k++)
		walk_expr(out, e->args[k]);
	if (e->kind == OL_E_CALL || e->kind == OL_E_FUNCREF ||
	    e->kind == OL_E_ASSIGN || e->kind == OL_E_ADDR)
		OL_VEC_PUSH(out, e);
}

static bool is_untrack(const char *name)
{
	return strstr(name, "GC_UnTrack") || strstr(name, "GC_UNTRACK");
}

static void add_call_graph(ol_graph *g, const ol_func *fn,
			   const expr_vec *ex, size_t fi)
{
	g_func *gf = &g->funcs.items[fi];
	gf->call0 = g->calls.len;
	for (size_t i = 0; i < ex->len; i++) {
		const ol_expr *e = ex->items[i];
		if (e->kind == OL_E_ASSIGN || e->kind == OL_E_ADDR || !e->text)
			continue;
		if (e->kind == OL_E_CALL && e->fn)
			continue; // through a pointer: not followed
		if (is_untrack(e->text))
			g->funcs.items[fi].untracks = true;
		OL_VEC_PUSH(&g->calls, I(e->text));
	}
	gf = &g->funcs.items[fi];
	gf->ncalls = g->calls.len - gf->call0;
	gf->glob0 = g->fglobals.len;
	for (unsigned v = 0; v < fn->nvars; v++) {
		const ol_var *var = fn->vars[v];
		if (var->kind != OL_VAR_GLOBAL)
			continue;
		const char *name = I(var->name);
		OL_VEC_PUSH(&g->fglobals, name);
		g->funcs.items[fi].nglob++;
		bool seen = false;
		for (size_t k = 0; k < g->globals.len && !seen; k++)
			seen = g->globals.items[k].name == name;
		if (!seen) {
			g_global gl = { name, 0 };
			OL_VEC_PUSH(&g->globals, gl);
		}
	}
}

/* ------------------------------------------------------------------ */
/* Object-level edges (MOJO-OWN-108 a)                                 */

// Calls that make their container argument own another argument, and
// calls that drop what a container owns. A small closed list: these are
// the container protocols of the C API, not per-function knowledge.
static const struct {
	const char *name;
	int container, item; // argument indices
} adders[] = {
	{ "PyDict_SetDefault", 0, 2 },
	{ "PyDict_SetItem", 0, 2 },
	{ "PyDict_SetItemString", 0, 2 },
	{ "PyList_Append", 0, 1 },
	{ "PyList_Insert", 0, 2 },
	{ "PyList_SET_ITEM", 0, 2 },
	{ "PyList_SetItem", 0, 2 },
	{ "PyModule_AddObject", 0, 2 },
	{ "PyModule_AddObjectRef", 0, 2 },
	{ "PyObject_GenericSetAttr", 0, 2 },
	{ "PyObject_SetAttr", 0, 2 },
	{ "PyObject_SetAttrString", 0, 2 },
	{ "PyObject_SetItem", 0, 2 },
	{ "PySet_Add", 0, 1 },
	{ "PyTuple_SET_ITEM", 0, 2 },
	{ "PyTuple_SetItem", 0, 2 },
};

static const char *const removers[] = {
	"PyDict_Clear",     "PyDict_DelItem",        "PyDict_DelItemString",
	"PyDict_Pop",       "PyList_SetSlice",       "PyObject_DelAttr",
	"PyObject_DelAttrString", "PyObject_DelItem", "PySet_Clear",
	"PySet_Discard",
};

typedef enum ev_kind {
	EV_ADD, EV_DROP_FROM, EV_DROP_FIELD, EV_REBIND,
	EV_INCREF, // Py_INCREF(v): a reference a later field store can take
} ev_kind;

typedef struct oev {
	ev_kind kind;
	const ol_var *from, *to; // EV_REBIND: from = the variable
	const char *label;       // API name or field (EV_*_FIELD)
	bool field;              // the edge is a field store
	bool newref;             // field store of Py_NewRef(v): owned
	ol_loc loc;
	unsigned block, seq;
	bool live;               // EV_ADD: not dropped yet (simulation)
} oev;

typedef OL_VEC(oev) oev_vec;

static const ol_var *as_var(const ol_expr *e)
{
	if (!e || e->kind != OL_E_VAR)
		return NULL;
	const ol_var *v = e->var;
	return v->kind == OL_VAR_PARAM || v->kind == OL_VAR_LOCAL ? v : NULL;
}

// A pointer to a scalar (`char *`, `void *`): C memory, never an object
// that can own anything back.
static bool points_to_scalar(const ol_var *v)
{
	static const char *const words[] = {
		"const", "volatile", "unsigned", "signed", "char", "short",
		"int", "long", "float", "double", "void", "_Bool",
	};
	const char *p = v->type.pointee;
	if (v->type.cls != OL_TY_POINTER || !p)
		return true;
	while (*p) {
		size_t n = strcspn(p, " ");
		bool kw = false;
		for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
			kw |= strlen(words[k]) == n && !strncmp(words[k], p, n);
		if (!kw)
			return false;
		p += n;
		p += strspn(p, " ");
	}
	return true;
}

// A variable that holds a Python object: `PyObject *` or a pointer to
// the instance struct of one of the TU's extension types. Field stores
// between other structs (C linked lists) are not ownership.
static bool is_object_var(const ol_graph *g, const ol_var *v)
{
	const char *p = v->type.pointee;
	if (v->type.cls != OL_TY_POINTER || !p)
		return false;
	if (!strcmp(p, "struct _object"))
		return true;
	for (size_t i = 0; i < g->owners.len; i++)
		if (g->owners.items[i].d.inst &&
		    !strcmp(g->owners.items[i].d.inst, p))
			return true;
	return false;
}

static bool is_incref(const char *name)
{
	return !strcmp(name, "Py_INCREF") || !strcmp(name, "Py_XINCREF") ||
	       !strcmp(name, "_Py_INCREF") || !strcmp(name, "Py_IncRef");
}

static bool is_newref(const char *name)
{
	return !strcmp(name, "_Py_NewRef") || !strcmp(name, "_Py_XNewRef") ||
	       !strcmp(name, "Py_NewRef") || !strcmp(name, "Py_XNewRef");
}

static void scan_expr(const ol_graph *g, oev_vec *out, const ol_expr *e,
		      unsigned block, unsigned *seq)
{
	if (e->kind == OL_E_CALL && e->text && !e->fn) {
		if (is_incref(e->text) && e->nargs == 1) {
			const ol_var *v = as_var(e->args[0]);
			if (v) {
				oev x = { .kind = EV_INCREF, .from = v,
					  .loc = e->loc, .block = block,
					  .seq = (*seq)++ };
				OL_VEC_PUSH(out, x);
			}
			return;
		}
		for (size_t k = 0; k < sizeof adders / sizeof adders[0]; k++) {
			if (strcmp(adders[k].name, e->text))
				continue;
			if ((unsigned)adders[k].item >= e->nargs)
				break;
			const ol_var *c = as_var(e->args[adders[k].container]);
			const ol_var *x = as_var(e->args[adders[k].item]);
			if (c && x) {
				oev v = { EV_ADD, c, x, e->text, false, false,
					  e->loc, block, (*seq)++, false };
				OL_VEC_PUSH(out, v);
			}
			return;
		}
		for (size_t k = 0; k < sizeof removers / sizeof removers[0];
		     k++) {
			if (strcmp(removers[k], e->text) || !e->nargs)
				continue;
			const ol_var *c = as_var(e->args[0]);
			if (c) {
				oev v = { EV_DROP_FROM, c, NULL, e->text,
					  false, false, e->loc, block,
					  (*seq)++, false };
				OL_VEC_PUSH(out, v);
			}
			return;
		}
		return;
	}
	if (e->kind != OL_E_ASSIGN || e->op != OL_OP_NONE)
		return;
	const ol_expr *lhs = e->sub[0], *rhs = e->sub[1];
	if (lhs->kind == OL_E_MEMBER && lhs->arrow && lhs->text) {
		const ol_var *a = as_var(lhs->sub[0]);
		if (!a)
			return;
		const ol_var *b = as_var(rhs);
		bool newref = false;
		if (!b && rhs->kind == OL_E_CALL && rhs->text && !rhs->fn &&
		    rhs->nargs == 1 && is_newref(rhs->text)) {
			b = as_var(rhs->args[0]);
			newref = true;
		}
		if (b && (points_to_scalar(b) || !is_object_var(g, a) ||
			  !is_object_var(g, b)))
			b = NULL;
		// The old value of the field is no longer owned through it.
		oev d = { EV_DROP_FIELD, a, NULL, lhs->text, true, false,
			  e->loc, block, (*seq)++, false };
		OL_VEC_PUSH(out, d);
		if (b) {
			oev v = { EV_ADD, a, b, lhs->text, true, newref,
				  e->loc, block, (*seq)++, false };
			OL_VEC_PUSH(out, v);
		}
		return;
	}
	const ol_var *v = as_var(lhs);
	if (v) {
		oev r = { EV_REBIND, v, NULL, NULL, false, false, e->loc,
			  block, (*seq)++, false };
		OL_VEC_PUSH(out, r);
	}
}

// Block reachability, computed on demand for the blocks that matter.
static bool block_reaches(const ol_func *fn, unsigned from, unsigned to)
{
	if (from == to)
		return true;
	bool *seen = ol_xcalloc(fn->nblocks, 1);
	unsigned *stack = ol_xmalloc(sizeof(unsigned) * (fn->nblocks + 1));
	size_t sp = 0;
	bool found = false;

	stack[sp++] = from;
	seen[from] = true;
	while (sp && !found) {
		const ol_block *b = fn->blocks[stack[--sp]];
		const ol_block *succ[64];
		size_t ns = 0;
		if (b->term == OL_TERM_GOTO || b->term == OL_TERM_BRANCH)
			succ[ns++] = b->succ[0];
		if (b->term == OL_TERM_BRANCH)
			succ[ns++] = b->succ[1];
		if (b->term == OL_TERM_SWITCH) {
			if (b->default_succ)
				succ[ns++] = b->default_succ;
			for (unsigned k = 0; k < b->ncases && ns < 64; k++)
				succ[ns++] = b->cases[k].succ;
		}
		for (size_t k = 0; k < ns; k++) {
			if (!succ[k] || seen[succ[k]->id])
				continue;
			if (succ[k]->id == to) {
				found = true;
				break;
			}
			seen[succ[k]->id] = true;
			stack[sp++] = succ[k]->id;
		}
		// A switch with more than 64 cases: the remaining ones.
		if (b->term == OL_TERM_SWITCH && b->ncases + 1 > 64) {
			for (unsigned k = 63; k < b->ncases; k++) {
				const ol_block *s = b->cases[k].succ;
				if (s && !seen[s->id]) {
					found |= s->id == to;
					seen[s->id] = true;
					stack[sp++] = s->id;
				}
			}
		}
	}
	free(seen);
	free(stack);
	return found;
}

static bool edge_removed(const oev *add, const oev *rm)
{
	switch (rm->kind) {
	case EV_DROP_FROM:
		return !add->field && add->from == rm->from;
	case EV_DROP_FIELD:
		return add->field && add->from == rm->from &&
		       !strcmp(add->label, rm->label);
	default:
		return false;
	}
}

// Depth-first search over live edges from `at` to `goal`; fills `path`
// with event indices. Returns true when found.
static bool find_path(const oev_vec *ev, size_t upto, const ol_var *at,
		      const ol_var *goal, size_t *path, size_t *np,
		      size_t depth)
{
	if (at == goal)
		return true;
	if (depth >= 8)
		return false; // long chains: not worth the report
	for (size_t i = 0; i < upto; i++) {
		const oev *e = &ev->items[i];
		if (e->kind != EV_ADD || !e->live || e->from != at)
			continue;
		bool on_path = false;
		for (size_t k = 0; k < *np; k++)
			on_path |= path[k] == i;
		if (on_path)
			continue;
		path[(*np)++] = i;
		if (find_path(ev, upto, e->to, goal, path, np, depth + 1))
			return true;
		(*np)--;
	}
	return false;
}

static const char *edge_text(ol_graph *g, const oev *e)
{
	if (e->field)
		return ol_arena_printf(g->a, "'%s' now owns '%s' through "
				       "field '%s'", e->from->name,
				       e->to->name, e->label);
	return ol_arena_printf(g->a, "'%s' now owns '%s' ('%s')",
			       e->from->name, e->to->name, e->label);
}

static void report_object_cycle(ol_graph *g, const ol_func *fn,
				const oev_vec *ev, const size_t *path,
				size_t np, size_t closing)
{
	const oev *c = &ev->items[closing];
	g_finding f = {
		.check = OL_CHECK_OWN_CYCLE,
		.loc = intern_loc(g, c->loc),
		.func = I(fn->name),
		.subject = I(c->from->name),
		.resource = I("pyref"),
		.ev0 = g->events.len,
	};
	// Events in path order: the cycle's other edges, then the closing one.
	ol_strbuf chain;
	ol_strbuf_init(&chain);
	ol_strbuf_printf(&chain, "'%s' -> '%s'", c->from->name, c->to->name);
	for (size_t k = 0; k < np; k++) {
		const oev *e = &ev->items[path[k]];
		g_event x = { intern_loc(g, e->loc), edge_text(g, e) };
		OL_VEC_PUSH(&g->events, x);
		ol_strbuf_printf(&chain, " -> '%s'", e->to->name);
	}
	g_event last = {
		intern_loc(g, c->loc),
		ol_arena_printf(g->a, "%s, closing the cycle",
				edge_text(g, c)),
	};
	OL_VEC_PUSH(&g->events, last);
	f.nev = g->events.len - f.ev0;
	if (np == 0)
		f.msg = ol_arena_printf(g->a, "'%s' is made to own itself "
					"('%s'): a reference cycle",
					c->from->name, c->label);
	else
		f.msg = ol_arena_printf(g->a, "ownership cycle %s: the "
					"objects own each other and are never "
					"freed by reference counting",
					ol_strbuf_str(&chain));
	ol_strbuf_free(&chain);
	OL_VEC_PUSH(&g->findings, f);
}

// Source order (line, column), then evaluation order: block ids follow
// the lowering, which places loop bodies after the code that follows.
static int oev_cmp(const void *x, const void *y)
{
	const oev *a = x, *b = y;
	if (a->loc.line != b->loc.line)
		return a->loc.line < b->loc.line ? -1 : 1;
	if (a->loc.col != b->loc.col)
		return a->loc.col < b->loc.col ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static void object_edges(ol_graph *g, const ol_func *fn)
{
	oev_vec ev = { 0 };
	unsigned seq = 0;
	expr_vec ex = { 0 };

	for (unsigned b = 0; b < fn->nblocks; b++) {
		const ol_block *blk = fn->blocks[b];
		for (unsigned o = 0; o <= blk->nops; o++) {
			// The ops, then the branch condition or returned value.
			ex.len = 0;
			walk_expr(&ex, o < blk->nops ? blk->ops[o].expr
						     : blk->cond);
			for (size_t i = 0; i < ex.len; i++)
				scan_expr(g, &ev, ex.items[i], b, &seq);
		}
	}
	if (ev.len > 1)
		qsort(ev.items, ev.len, sizeof *ev.items, oev_cmp);
	bool any_add = false;
	for (size_t i = 0; i < ev.len; i++)
		any_add |= ev.items[i].kind == EV_ADD;
	if (!any_add)
		goto done;

	size_t *path = ol_xmalloc(sizeof(size_t) * (ev.len + 1));
	size_t *cyc = ol_xcalloc(ev.len + 1, sizeof(size_t));
	// Per variable: an incref a field store has not taken yet.
	bool *refd = ol_xcalloc(fn->nvars + 1, 1);
	for (size_t i = 0; i < ev.len; i++) {
		oev *e = &ev.items[i];
		if (e->kind == EV_INCREF) {
			refd[e->from->id] = true;
			continue;
		}
		if (e->kind == EV_ADD && e->field && !e->newref) {
			// `a->f = b` owns `b` only when this function took a
			// reference for it; otherwise the field borrows
			// (back pointers, list links).
			if (!refd[e->to->id]) {
				e->kind = EV_DROP_FIELD; // inert from now on
				e->to = NULL;
				continue;
			}
			refd[e->to->id] = false;
		}
		if (e->kind == EV_REBIND) {
			refd[e->from->id] = false;
			// The variable names another object from now on.
			for (size_t k = 0; k < i; k++) {
				oev *x = &ev.items[k];
				if (x->kind == EV_ADD &&
				    (x->from == e->from || x->to == e->from))
					x->live = false;
			}
			continue;
		}
		if (e->kind != EV_ADD) {
			for (size_t k = 0; k < i; k++)
				if (ev.items[k].kind == EV_ADD &&
				    edge_removed(&ev.items[k], e))
					ev.items[k].live = false;
			continue;
		}
		size_t np = 0;
		bool cycle = find_path(&ev, i, e->to, e->from, path, &np, 0);
		e->live = true;
		if (!cycle)
			continue;
		// All on one path, in the order they were made.
		bool feasible = true;
		size_t prev = OL_GRAPH_NONE;
		for (size_t k = 0; k <= i && feasible; k++) {
			bool in = k == i;
			for (size_t m = 0; m < np && !in; m++)
				in = path[m] == k;
			if (!in)
				continue;
			if (prev != OL_GRAPH_NONE &&
			    ev.items[prev].block != ev.items[k].block)
				feasible = block_reaches(
					fn, ev.items[prev].block,
					ev.items[k].block);
			prev = k;
		}
		// Broken later (a removal the closing edge's block reaches)?
		for (size_t k = i + 1; k < ev.len && feasible; k++) {
			const oev *r = &ev.items[k];
			bool breaks = edge_removed(e, r);
			for (size_t m = 0; m < np && !breaks; m++)
				breaks = edge_removed(&ev.items[path[m]], r);
			if (breaks && block_reaches(fn, e->block, r->block))
				feasible = false;
		}
		if (!feasible)
			continue;
		report_object_cycle(g, fn, &ev, path, np, i);
		cyc[i] = 1;
		for (size_t m = 0; m < np; m++)
			cyc[path[m]] = 1;
	}
	for (size_t i = 0; i < ev.len; i++) {
		const oev *e = &ev.items[i];
		if (e->kind != EV_ADD)
			continue;
		g_objedge x = {
			.func = I(fn->name),
			.from = I(e->from->name),
			.to = I(e->to->name),
			.label = e->field ? ol_arena_printf(g->a, "->%s",
							    e->label)
					  : I(e->label),
			.loc = intern_loc(g, e->loc),
			.cyclic = cyc[i] != 0,
		};
		OL_VEC_PUSH(&g->objedges, x);
	}
	free(path);
	free(cyc);
	free(refd);
done:
	OL_VEC_FREE(&ev);
	OL_VEC_FREE(&ex);
}

// Field reads inside the arguments of a call, recorded as PASS facts:
// `Py_VISIT(JOIN_OBJ(self->text))` and `clear_ptr(&self->text)` hand the
// field to the callee even though no value read from it reaches the call
// unchanged (the engine's facts follow values, not expressions).
// `X.tp_base = &Base;` (l, r): the base type variable's name, else NULL.
static const char *base_type_of(const ol_expr *l, const ol_expr *r)
{
	if (strcmp(l->text, "tp_base") || r->kind != OL_E_ADDR ||
	    !r->sub[0] || r->sub[0]->kind != OL_E_VAR || !r->sub[0]->var)
		return NULL;
	return r->sub[0]->var->name;
}

static void member_facts(ol_graph *g, const ol_func *fn, const ol_expr *call,
			 const ol_expr *e, int depth)
{
	if (!e || depth > 16)
		return;
	if (e->kind == OL_E_MEMBER && e->text && e->sub[0]) {
		const ol_type *t = &e->sub[0]->type;
		const char *owner = e->arrow ? t->pointee : t->spelling;
		if (owner) {
			g_fact x = {
				.kind = OL_FACT_PASS,
				.type = I(owner),
				.field = I(e->text),
				.api = I(call->text ? call->text
						    : "(indirect call)"),
				.func = I(fn->name),
				.loc = intern_loc(g, call->loc),
			};
			ol_graph__add_fact(g, &x);
		}
	}
	if (e->kind == OL_E_CALL)
		return; // its own arguments are visited as that call
	for (int k = 0; k < 2; k++)
		member_facts(g, fn, call, e->sub[k], depth + 1);
	for (unsigned k = 0; k < e->nargs; k++)
		member_facts(g, fn, call, e->args[k], depth + 1);
}

// `p->f = v` with v not a null constant, or `&p->f`: field f of p's
// struct may hold something (graph_int.h's `written`).
static void note_written(ol_graph *g, const ol_expr *e)
{
	const ol_expr *m = NULL;
	if (e->kind == OL_E_ASSIGN && !ol_expr_is_null_const(e->sub[1]))
		m = e->sub[0];
	else if (e->kind == OL_E_ADDR)
		m = e->sub[0];
	if (!m || m->kind != OL_E_MEMBER || !m->text || !m->sub[0])
		return;
	const ol_type *t = &m->sub[0]->type;
	const char *owner = m->arrow ? t->pointee : t->spelling;
	if (!owner)
		return;
	g_field w = { I(owner), I(m->text), NULL, 0 };
	for (size_t i = 0; i < g->written.len; i++)
		if (g->written.items[i].strukt == w.strukt &&
		    g->written.items[i].field == w.field)
			return;
	OL_VEC_PUSH(&g->written, w);
}

void ol_graph_add_funcs(ol_graph *g, const ol_func *const *funcs, size_t n)
{
	expr_vec ex = { 0 };

	for (size_t i = 0; i < n; i++) {
		const ol_func *fn = funcs[i];
		g_func gf = {
			.name = I(fn->name),
			.loc = intern_loc(g, fn->loc),
			.is_static = fn->is_static,
			.next_same = OL_GRAPH_NONE,
		};
		OL_VEC_PUSH(&g->funcs, gf);
		ex.len = 0;
		for (unsigned b = 0; b < fn->nblocks; b++) {
			const ol_block *blk = fn->blocks[b];
			for (unsigned o = 0; o < blk->nops; o++)
				walk_expr(&ex, blk->ops[o].expr);
			walk_expr(&ex, blk->cond);
		}
		add_call_graph(g, fn, &ex, g->funcs.len - 1);
		for (size_t k = 0; k < ex.len; k++) {
			const ol_expr *e = ex.items[k];
			if (e->kind != OL_E_CALL)
				continue; // indirect calls too: visit(...)
			for (unsigned a = 0; a < e->nargs; a++)
				member_facts(g, fn, e, e->args[a], 0);
		}
		for (size_t k = 0; k < ex.len; k++)
			note_written(g, ex.items[k]);
		// `Foo_Type.tp_dealloc = foo_dealloc;`: a teardown slot set at
		// run time (the check fills the owner's empty slots with it).
		for (size_t k = 0; k < ex.len; k++) {
			const ol_expr *e = ex.items[k], *l = e->sub[0];
			const ol_expr *r = e->sub[1];
			if (e->kind != OL_E_ASSIGN || !l || !r ||
			    l->kind != OL_E_MEMBER || l->arrow || !l->text ||
			    !l->sub[0] || l->sub[0]->kind != OL_E_VAR ||
			    l->sub[0]->var->kind != OL_VAR_GLOBAL)
				continue;
			bool flags = !strcmp(l->text, "tp_flags");
			// `Sub_Type.tp_base = &Base_Type;`: func names the base.
			const char *base = base_type_of(l, r);
			if (!flags && !base &&
			    (r->kind != OL_E_FUNCREF || !r->text))
				continue;
			// (tp_flags set at run time: the flags are unknown.)
			g_slotset x = {I(l->sub[0]->var->name), I(l->text),
				       I(flags ? "" : base ? base : r->text), 0};
			OL_VEC_PUSH(&g->slotsets, x);
		}
		// Py_AtExit(f): f is module-level cleanup for globals.
		for (size_t k = 0; k < ex.len; k++) {
			const ol_expr *e = ex.items[k];
			if (e->kind == OL_E_CALL && e->text && e->nargs == 1 &&
			    !strcmp(e->text, "Py_AtExit") &&
			    e->args[0]->kind == OL_E_FUNCREF) {
				g_owner o = { 0 };
				o.d.kind = OL_OWNER_MODULE;
				o.d.var = I("Py_AtExit");
				o.d.free = I(e->args[0]->text);
				o.d.loc = intern_loc(g, e->loc);
				OL_VEC_PUSH(&g->owners, o);
			}
		}
		object_edges(g, fn);
	}
	OL_VEC_FREE(&ex);
}

/* ------------------------------------------------------------------ */
/* Merge                                                               */

void ol_graph_merge(ol_graph *into, ol_graph *from, unsigned tu)
{
	ol_graph *g = into;

	for (size_t i = 0; i < from->owners.len; i++) {
		size_t at = g->owners.len;
		ol_graph_add_owner(g, &from->owners.items[i].d);
		g->owners.items[at].tu = tu;
	}
	for (size_t i = 0; i < from->fields.len; i++) {
		const g_field *f = &from->fields.items[i];
		g_field x = { I(f->strukt), I(f->field), I(f->pointee), tu };
		OL_VEC_PUSH(&g->fields, x);
	}
	for (size_t i = 0; i < from->written.len; i++) {
		const g_field *f = &from->written.items[i];
		g_field x = { I(f->strukt), I(f->field), NULL, tu };
		OL_VEC_PUSH(&g->written, x);
	}
	for (size_t i = 0; i < from->facts.len; i++) {
		const g_fact *f = &from->facts.items[i];
		g_fact x = {
			.kind = f->kind, .type = I(f->type),
			.field = I(f->field), .value_type = I(f->value_type),
			.resource = I(f->resource), .api = I(f->api),
			.func = I(f->func), .rel_api = I(f->rel_api),
			.static_value = f->static_value,
			.from_caller = f->from_caller,
			.loc = intern_loc(g, f->loc), .tu = tu,
		};
		ol_graph__add_fact(g, &x);
	}
	for (size_t i = 0; i < from->funcs.len; i++) {
		g_func f = from->funcs.items[i];
		f.name = I(f.name);
		f.loc = intern_loc(g, f.loc);
		f.tu = tu;
		size_t c0 = g->calls.len;
		for (size_t k = 0; k < f.ncalls; k++)
			OL_VEC_PUSH(&g->calls,
				    I(from->calls.items[f.call0 + k]));
		f.call0 = c0;
		size_t g0 = g->fglobals.len;
		for (size_t k = 0; k < f.nglob; k++)
			OL_VEC_PUSH(&g->fglobals,
				    I(from->fglobals.items[f.glob0 + k]));
		f.glob0 = g0;
		f.next_same = OL_GRAPH_NONE;
		OL_VEC_PUSH(&g->funcs, f);
	}
	for (size_t i = 0; i < from->globals.len; i++) {
		g_global x = { I(from->globals.items[i].name), tu };
		OL_VEC_PUSH(&g->globals, x);
	}
	for (size_t i = 0; i < from->objedges.len; i++) {
		g_objedge e = from->objedges.items[i];
		e.func = I(e.func);
		e.from = I(e.from);
		e.to = I(e.to);
		e.label = I(e.label);
		e.loc = intern_loc(g, e.loc);
		e.tu = tu;
		OL_VEC_PUSH(&g->objedges, e);
	}
	for (size_t i = 0; i < from->findings.len; i++) {
		g_finding f = from->findings.items[i];
		size_t ev0 = g->events.len;
		for (size_t k = 0; k < f.nev; k++) {
			g_event e = from->events.items[f.ev0 + k];
			e.loc = intern_loc(g, e.loc);
			e.msg = I(e.msg);
			OL_VEC_PUSH(&g->events, e);
		}
		f.ev0 = ev0;
		f.loc = intern_loc(g, f.loc);
		f.msg = I(f.msg);
		f.func = I(f.func);
		f.subject = I(f.subject);
		f.resource = I(f.resource);
		OL_VEC_PUSH(&g->findings, f);
	}
	for (size_t i = 0; i < from->slotsets.len; i++) {
		g_slotset x = from->slotsets.items[i];
		x.var = I(x.var);
		x.slot = I(x.slot);
		x.func = I(x.func);
		x.tu = tu;
		OL_VEC_PUSH(&g->slotsets, x);
	}
	from->slotsets.len = 0;
	// `from` is left empty.
	from->owners.len = from->fields.len = from->facts.len = 0;
	from->written.len = 0;
	from->funcs.len = from->calls.len = from->globals.len = 0;
	from->fglobals.len = 0;
	from->objedges.len = from->findings.len = from->events.len = 0;
	if (from->facthash)
		memset(from->facthash, 0,
		       from->capfacthash * sizeof *from->facthash);
}
