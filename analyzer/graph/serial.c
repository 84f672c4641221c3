/*
 * serial.c — a translation unit's part of the ownership graph as records
 * (graph.h: ol_graph_write, ol_graph_read), so that the cache (cache.c)
 * can restore it without parsing the file again. Only what one TU's
 * analysis fills is written: owners, fields, facts, functions with their
 * calls and globals, globals, object-level edges and findings; the merge
 * and the check compute the rest.
 */
#include "graph_int.h"

#include "../base/serial.h"

#include <stdlib.h>
#include <string.h>

#define I(s) ol_graph__intern(g, (s))
#define MAX_ITEMS ((size_t)1 << 24)

static void wloc(ol_strbuf *b, ol_loc l)
{
	ol_ser_str(b, l.file);
	ol_ser_int(b, l.line);
	ol_ser_int(b, l.col);
}

static ol_loc rloc(ol_graph *g, ol_deser *r)
{
	ol_loc l = {0};
	char *f = ol_deser_str(r);
	l.file = I(f);
	free(f);
	l.line = (unsigned)ol_deser_int(r);
	l.col = (unsigned)ol_deser_int(r);
	return l;
}

// A string read and interned (NULL stays NULL).
static const char *rstr(ol_graph *g, ol_deser *r)
{
	char *s = ol_deser_str(r);
	const char *i = I(s);
	free(s);
	return i;
}

void ol_graph_write(const ol_graph *g, ol_strbuf *b)
{
	ol_ser_int(b, (long long)g->owners.len);
	for (size_t i = 0; i < g->owners.len; i++) {
		const ol_owner_decl *d = &g->owners.items[i].d;
		ol_ser_int(b, d->kind);
		ol_ser_str(b, d->var);
		ol_ser_str(b, d->name);
		ol_ser_str(b, d->inst);
		ol_ser_int(b, d->inst_local);
		ol_ser_str(b, d->dealloc);
		ol_ser_str(b, d->traverse);
		ol_ser_str(b, d->clear);
		ol_ser_str(b, d->finalize);
		ol_ser_str(b, d->free);
		ol_ser_int(b, d->flags_known);
		ol_ser_int(b, d->have_gc | d->basetype << 1);
		ol_ser_int(b, d->single_phase);
		ol_ser_int(b, d->members);
		ol_ser_str(b, d->base);
		wloc(b, d->loc);
	}
	ol_ser_int(b, (long long)g->fields.len);
	for (size_t i = 0; i < g->fields.len; i++) {
		const g_field *f = &g->fields.items[i];
		ol_ser_str(b, f->strukt);
		ol_ser_str(b, f->field);
		ol_ser_str(b, f->pointee);
	}
	ol_ser_int(b, (long long)g->written.len);
	for (size_t i = 0; i < g->written.len; i++) {
		ol_ser_str(b, g->written.items[i].strukt);
		ol_ser_str(b, g->written.items[i].field);
	}
	ol_ser_int(b, (long long)g->facts.len);
	for (size_t i = 0; i < g->facts.len; i++) {
		const g_fact *f = &g->facts.items[i];
		ol_ser_int(b, f->kind);
		ol_ser_str(b, f->type);
		ol_ser_str(b, f->field);
		ol_ser_str(b, f->value_type);
		ol_ser_str(b, f->resource);
		ol_ser_str(b, f->api);
		ol_ser_str(b, f->func);
		ol_ser_str(b, f->rel_api);
		ol_ser_int(b, f->static_value);
		ol_ser_int(b, f->from_caller);
		wloc(b, f->loc);
	}
	ol_ser_int(b, (long long)g->funcs.len);
	for (size_t i = 0; i < g->funcs.len; i++) {
		const g_func *f = &g->funcs.items[i];
		ol_ser_str(b, f->name);
		wloc(b, f->loc);
		ol_ser_int(b, f->is_static);
		ol_ser_int(b, f->untracks);
		ol_ser_int(b, f->at_exit);
		ol_ser_int(b, (long long)f->ncalls);
		for (size_t k = 0; k < f->ncalls; k++)
			ol_ser_str(b, g->calls.items[f->call0 + k]);
		ol_ser_int(b, (long long)f->nglob);
		for (size_t k = 0; k < f->nglob; k++)
			ol_ser_str(b, g->fglobals.items[f->glob0 + k]);
	}
	ol_ser_int(b, (long long)g->globals.len);
	for (size_t i = 0; i < g->globals.len; i++)
		ol_ser_str(b, g->globals.items[i].name);
	ol_ser_int(b, (long long)g->objedges.len);
	for (size_t i = 0; i < g->objedges.len; i++) {
		const g_objedge *e = &g->objedges.items[i];
		ol_ser_str(b, e->func);
		ol_ser_str(b, e->from);
		ol_ser_str(b, e->to);
		ol_ser_str(b, e->label);
		wloc(b, e->loc);
		ol_ser_int(b, e->cyclic);
	}
	ol_ser_int(b, (long long)g->slotsets.len);
	for (size_t i = 0; i < g->slotsets.len; i++) {
		ol_ser_str(b, g->slotsets.items[i].var);
		ol_ser_str(b, g->slotsets.items[i].slot);
		ol_ser_str(b, g->slotsets.items[i].func);
	}
	ol_ser_int(b, (long long)g->findings.len);
	for (size_t i = 0; i < g->findings.len; i++) {
		const g_finding *f = &g->findings.items[i];
		ol_ser_int(b, f->check);
		wloc(b, f->loc);
		ol_ser_str(b, f->msg);
		ol_ser_str(b, f->func);
		ol_ser_str(b, f->subject);
		ol_ser_str(b, f->resource);
		ol_ser_int(b, (long long)f->nev);
		for (size_t k = 0; k < f->nev; k++) {
			wloc(b, g->events.items[f->ev0 + k].loc);
			ol_ser_str(b, g->events.items[f->ev0 + k].msg);
		}
	}
}

bool ol_graph_read(ol_graph *g, ol_deser *r)
{
	size_t n = ol_deser_count(r, MAX_ITEMS);
	for (size_t i = 0; i < n && !r->bad; i++) {
		ol_owner_decl d = {0};
		long long k = ol_deser_int(r);
		if (k < OL_OWNER_TYPE || k > OL_OWNER_MODULE)
			r->bad = true;
		d.kind = (ol_owner_kind)k;
		d.var = rstr(g, r);
		d.name = rstr(g, r);
		d.inst = rstr(g, r);
		d.inst_local = ol_deser_int(r) != 0;
		d.dealloc = rstr(g, r);
		d.traverse = rstr(g, r);
		d.clear = rstr(g, r);
		d.finalize = rstr(g, r);
		d.free = rstr(g, r);
		d.flags_known = ol_deser_int(r) != 0;
		long long gc = ol_deser_int(r);
		d.have_gc = (gc & 1) != 0;
		d.basetype = (gc & 2) != 0;
		d.single_phase = ol_deser_int(r) != 0;
		d.members = ol_deser_int(r) != 0;
		d.base = rstr(g, r);
		d.loc = rloc(g, r);
		ol_graph_add_owner(g, &d);
	}
	n = ol_deser_count(r, MAX_ITEMS);
	for (size_t i = 0; i < n && !r->bad; i++) {
		g_field f = {0};
		f.strukt = rstr(g, r);
		f.field = rstr(g, r);
		f.pointee = rstr(g, r);
		OL_VEC_PUSH(&g->fields, f);
	}
	n = ol_deser_count(r, MAX_ITEMS);
	for (size_t i = 0; i < n && !r->bad; i++) {
		g_field f = {0};
		f.strukt = rstr(g, r);
		f.field = rstr(g, r);
		OL_VEC_PUSH(&g->written, f);
	}
	n = ol_deser_count(r, MAX_ITEMS);
	for (size_t i = 0; i < n && !r->bad; i++) {
		g_fact f = {0};
		long long k = ol_deser_int(r);
		if (k < OL_FACT_STORE || k > OL_FACT_CAPSULE)
			r->bad = true;
		f.kind = (ol_owner_fact_kind)k;
		f.type = rstr(g, r);
		f.field = rstr(g, r);
		f.value_type = rstr(g, r);
		f.resource = rstr(g, r);
		f.api = rstr(g, r);
		f.func = rstr(g, r);
		f.rel_api = rstr(g, r);
		f.static_value = ol_deser_int(r) != 0;
		f.from_caller = ol_deser_int(r) != 0;
		f.loc = rloc(g, r);
		if (!r->bad)
			ol_graph__add_fact(g, &f);
	}
	n = ol_deser_count(r, MAX_ITEMS);
	for (size_t i = 0; i < n && !r->bad; i++) {
		g_func f = {0};
		f.name = rstr(g, r);
		f.loc = rloc(g, r);
		f.is_static = ol_deser_int(r) != 0;
		f.untracks = ol_deser_int(r) != 0;
		f.at_exit = ol_deser_int(r) != 0;
		f.call0 = g->calls.len;
		f.ncalls = ol_deser_count(r, MAX_ITEMS);
		for (size_t k = 0; k < f.ncalls && !r->bad; k++)
			OL_VEC_PUSH(&g->calls, rstr(g, r));
		f.glob0 = g->fglobals.len;
		f.nglob = ol_deser_count(r, MAX_ITEMS);
		for (size_t k = 0; k < f.nglob && !r->bad; k++)
			OL_VEC_PUSH(&g->fglobals, rstr(g, r));
		f.next_same = OL_GRAPH_NONE;
		OL_VEC_PUSH(&g->funcs, f);
	}
	n = ol_deser_count(r, MAX_ITEMS);
	for (size_t i = 0; i < n && !r->bad; i++) {
		g_global x = {rstr(g, r), 0};
		OL_VEC_PUSH(&g->globals, x);
	}
	n = ol_deser_count(r, MAX_ITEMS);
	for (size_t i = 0; i < n && !r->bad; i++) {
		g_objedge e = {0};
		e.func = rstr(g, r);
		e.from = rstr(g, r);
		e.to = rstr(g, r);
		e.label = rstr(g, r);
		e.loc = rloc(g, r);
		e.cyclic = ol_deser_int(r) != 0;
		OL_VEC_PUSH(&g->objedges, e);
	}
	n = ol_deser_count(r, MAX_ITEMS);
	for (size_t i = 0; i < n && !r->bad; i++) {
		g_slotset x = {0};
		x.var = rstr(g, r);
		x.slot = rstr(g, r);
		x.func = rstr(g, r);
		if (!x.var || !x.slot || !x.func)
			r->bad = true;
		else
			OL_VEC_PUSH(&g->slotsets, x);
	}
	n = ol_deser_count(r, MAX_ITEMS);
	for (size_t i = 0; i < n && !r->bad; i++) {
		g_finding f = {0};
		long long k = ol_deser_int(r);
		if (k < 0 || k >= OL_CHECK__COUNT)
			r->bad = true;
		f.check = (ol_check_id)k;
		f.loc = rloc(g, r);
		f.msg = rstr(g, r);
		f.func = rstr(g, r);
		f.subject = rstr(g, r);
		f.resource = rstr(g, r);
		f.ev0 = g->events.len;
		f.nev = ol_deser_count(r, MAX_ITEMS);
		for (size_t e = 0; e < f.nev && !r->bad; e++) {
			g_event x;
			x.loc = rloc(g, r);
			x.msg = rstr(g, r);
			OL_VEC_PUSH(&g->events, x);
		}
		if (!r->bad)
			OL_VEC_PUSH(&g->findings, f);
	}
	return !r->bad;
}
