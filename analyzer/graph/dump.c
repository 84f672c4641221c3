/*
 * dump.c — `--dump-graph`: the checked ownership graph as Graphviz DOT
 * (default) or JSON.
 *
 * DOT: one cluster per owner (extension type, heap type spec, module
 * state) holding the owner node and one node per owned field; an edge
 * owner -> field labelled with the storing API and location ("owns"),
 * dashed edges field -> type for what a field can refer to (108), and one
 * cluster per function with object-level edges between its variables.
 * Unreleased, unvisited and cyclic edges are red. Locations are printed
 * as "basename:line" so dumps do not depend on where the tree lives.
 *
 * JSON (one object):
 *   { "owners": [ { "id", "kind": "type"|"spec"|"module"|"atexit",
 *                   "var", "name", "struct", "loc", "gc", "slots": {...},
 *                   "fields": [ { "name", "stored_at", "api", "resource",
 *                                 "released", "visited", "cyclic",
 *                                 "refers_to": null|"any"|<owner id> } ] } ],
 *     "globals": [ { "name", "stored_at", "api", "resource" } ],
 *     "capsules": [ { "name", "destructor", "made_at", "func", "resource",
 *                     "api", "released_by" } ],
 *     "objects": [ { "func", "from", "to", "label", "loc", "cyclic" } ] }
 * A capsule (PyCapsule_New) owns what it holds when its destructor
 * releases it ("released_by" the releasing API; null, drawn red: the
 * capsule only points at it, or what its destructor does is not known).
 * Strings are JSON-escaped by hand: graph/ does not use json-c (it is kept
 * to kb/load.c and emit/sarif.c).
 */
#include "graph_int.h"

#include <string.h>

static const char *base(const char *p)
{
	const char *s = p ? strrchr(p, '/') : NULL;
	return s ? s + 1 : p ? p : "?";
}

static void loc_str(ol_strbuf *b, ol_loc l)
{
	ol_strbuf_printf(b, "%s:%u", base(l.file), l.line);
}

// Escapes for a DOT double-quoted string and for JSON alike (both take
// backslash escapes for '"' and '\').
static void esc(ol_strbuf *b, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '"' || *s == '\\')
			ol_strbuf_addc(b, '\\');
		if ((unsigned char)*s < 0x20)
			ol_strbuf_printf(b, "\\u%04x", (unsigned char)*s);
		else
			ol_strbuf_addc(b, *s);
	}
}

static const char *kind_name(const g_owner *o)
{
	switch (o->d.kind) {
	case OL_OWNER_TYPE: return "type";
	case OL_OWNER_SPEC: return "spec";
	case OL_OWNER_MODULE:
		return o->d.inst || strcmp(o->d.var, "Py_AtExit") ? "module"
								  : "atexit";
	}
	return "?";
}

static const g_fact *store_of(const ol_graph *g, const g_slotfield *s)
{
	return s->store == OL_GRAPH_NONE ? NULL : &g->facts.items[s->store];
}

/* ------------------------------------------------------------------ */
/* DOT                                                                 */

static void dot_slot(ol_strbuf *b, const char *name, const char *fn)
{
	if (fn)
		ol_strbuf_printf(b, "\\n%s=%s", name, fn);
}

static void dump_dot(ol_strbuf *b, const ol_graph *g)
{
	ol_strbuf_add(b, "digraph ownership {\n"
		      "\tgraph [rankdir=LR, fontname=\"Helvetica\", "
		      "fontsize=10];\n"
		      "\tnode [shape=box, fontname=\"Helvetica\", "
		      "fontsize=10];\n"
		      "\tedge [fontname=\"Helvetica\", fontsize=9];\n");
	for (size_t i = 0; i < g->owners.len; i++) {
		const g_owner *o = &g->owners.items[i];
		const bool mod = o->d.kind == OL_OWNER_MODULE;
		ol_strbuf_printf(b, "\tsubgraph cluster_o%zu {\n\t\tlabel=\"",
				 i);
		ol_strbuf_printf(b, "%s ", kind_name(o));
		esc(b, o->d.name ? o->d.name : o->d.var);
		if (o->d.inst) {
			ol_strbuf_add(b, "\\n");
			esc(b, o->d.inst);
		}
		if (!mod)
			ol_strbuf_add(b, !o->d.flags_known ? "\\nflags unknown"
				      : o->d.have_gc ? "\\nGC" : "\\nno GC");
		ol_strbuf_add(b, "\";\n");
		ol_strbuf_printf(b, "\t\to%zu [label=\"", i);
		esc(b, o->d.var);
		ol_strbuf_add(b, " (");
		loc_str(b, o->d.loc);
		ol_strbuf_add(b, ")");
		if (mod) {
			dot_slot(b, "m_traverse", o->d.traverse);
			dot_slot(b, "m_clear", o->d.clear);
			dot_slot(b, "m_free", o->d.free);
		} else {
			dot_slot(b, "tp_dealloc", o->d.dealloc);
			dot_slot(b, "tp_traverse", o->d.traverse);
			dot_slot(b, "tp_clear", o->d.clear);
			dot_slot(b, "tp_finalize", o->d.finalize);
		}
		ol_strbuf_add(b, "\", shape=component];\n");
		for (size_t k = 0; k < g->slots.len; k++) {
			const g_slotfield *s = &g->slots.items[k];
			if (s->owner != i)
				continue;
			ol_strbuf_printf(b, "\t\to%zu_f%zu [label=\"", i, k);
			esc(b, s->field);
			ol_strbuf_add(b, "\", shape=ellipse];\n");
		}
		ol_strbuf_add(b, "\t}\n");
	}
	for (size_t k = 0; k < g->slots.len; k++) {
		const g_slotfield *s = &g->slots.items[k];
		const g_fact *st = store_of(g, s);
		bool bad = s->unreleased || s->unvisited || s->cyclic;
		ol_strbuf_printf(b, "\to%zu -> o%zu_f%zu [label=\"", s->owner,
				 s->owner, k);
		if (st) {
			esc(b, st->api ? st->api : "owns");
			ol_strbuf_add(b, "\\n");
			loc_str(b, st->loc);
		} else {
			ol_strbuf_add(b, "released by teardown");
		}
		if (s->unreleased)
			ol_strbuf_add(b, "\\nnot released");
		if (s->unvisited)
			ol_strbuf_add(b, "\\nnot visited");
		ol_strbuf_printf(b, "\"%s];\n",
				 bad ? ", color=red, fontcolor=red" : "");
		if (s->to == G_TO_OWNER)
			ol_strbuf_printf(b, "\to%zu_f%zu -> o%zu [style=dashed%s]"
					 ";\n", s->owner, k, s->to_owner,
					 s->cyclic ? ", color=red" : "");
		else if (s->to == G_TO_ANY)
			ol_strbuf_printf(b, "\to%zu_f%zu -> any_object "
					 "[style=dashed%s];\n", s->owner, k,
					 s->cyclic ? ", color=red" : "");
	}
	bool any = false;
	for (size_t k = 0; k < g->slots.len; k++)
		any |= g->slots.items[k].to == G_TO_ANY;
	if (any)
		ol_strbuf_add(b, "\tany_object [label=\"any object\", "
			      "shape=plaintext];\n");

	// Globals, one node each.
	for (size_t i = 0; i < g->facts.len; i++) {
		const g_fact *f = &g->facts.items[i];
		if (f->type || f->kind != OL_FACT_STORE)
			continue;
		bool first = true;
		for (size_t j = 0; j < i && first; j++)
			first = !(g->facts.items[j].kind == OL_FACT_STORE &&
				  !g->facts.items[j].type &&
				  g->facts.items[j].field == f->field &&
				  g->facts.items[j].tu == f->tu);
		if (!first)
			continue;
		ol_strbuf_printf(b, "\tg%zu [label=\"global ", i);
		esc(b, f->field);
		ol_strbuf_add(b, "\\n");
		esc(b, f->api ? f->api : "");
		ol_strbuf_add(b, " ");
		loc_str(b, f->loc);
		ol_strbuf_add(b, "\", shape=box, style=rounded];\n");
	}

	// Capsules: the capsule and what it holds, one cluster each.
	for (size_t i = 0; i < g->facts.len; i++) {
		const g_fact *f = &g->facts.items[i];
		if (f->kind != OL_FACT_CAPSULE)
			continue;
		ol_strbuf_printf(b, "\tsubgraph cluster_c%zu {\n\t\tlabel=\""
				 "capsule ", i);
		esc(b, f->field ? f->field : "(unnamed)");
		ol_strbuf_add(b, "\";\n");
		ol_strbuf_printf(b, "\t\tc%zu [label=\"", i);
		esc(b, f->func);
		ol_strbuf_add(b, " (");
		loc_str(b, f->loc);
		ol_strbuf_add(b, ")");
		dot_slot(b, "destructor", f->value_type);
		ol_strbuf_printf(b, "\", shape=component];\n\t\tc%zu_p "
				 "[label=\"", i);
		esc(b, f->resource);
		ol_strbuf_add(b, " from ");
		esc(b, f->api ? f->api : "?");
		ol_strbuf_add(b, "\", shape=ellipse];\n\t}\n");
		ol_strbuf_printf(b, "\tc%zu -> c%zu_p [label=\"", i, i);
		if (f->rel_api) {
			ol_strbuf_add(b, "released by ");
			esc(b, f->rel_api);
		} else {
			ol_strbuf_add(b, "not released by the destructor");
		}
		ol_strbuf_printf(b, "\"%s];\n", f->rel_api ? ""
				 : ", color=red, fontcolor=red");
	}

	// Object-level edges, one cluster per function.
	for (size_t i = 0; i < g->objedges.len; i++) {
		const g_objedge *e = &g->objedges.items[i];
		if (i && g->objedges.items[i - 1].func == e->func &&
		    g->objedges.items[i - 1].tu == e->tu)
			continue;
		ol_strbuf_printf(b, "\tsubgraph cluster_fn%zu {\n"
				 "\t\tlabel=\"function ", i);
		esc(b, e->func);
		ol_strbuf_add(b, "\";\n");
		for (size_t k = i; k < g->objedges.len &&
		     g->objedges.items[k].func == e->func &&
		     g->objedges.items[k].tu == e->tu; k++) {
			const g_objedge *x = &g->objedges.items[k];
			ol_strbuf_printf(b, "\t\t\"fn%zu_", i);
			esc(b, x->from);
			ol_strbuf_printf(b, "\" -> \"fn%zu_", i);
			esc(b, x->to);
			ol_strbuf_add(b, "\" [label=\"");
			esc(b, x->label);
			ol_strbuf_add(b, "\\n");
			loc_str(b, x->loc);
			ol_strbuf_printf(b, "\"%s];\n",
					 x->cyclic ? ", color=red, "
						     "fontcolor=red" : "");
		}
		ol_strbuf_add(b, "\t}\n");
	}
	// Variable node labels: the variable name without the prefix.
	for (size_t i = 0; i < g->objedges.len; i++) {
		const g_objedge *e = &g->objedges.items[i];
		size_t c = i;
		while (c && g->objedges.items[c - 1].func == e->func &&
		       g->objedges.items[c - 1].tu == e->tu)
			c--;
		const char *ends[2] = { e->from, e->to };
		for (int k = 0; k < 2; k++) {
			bool seen = false;
			for (size_t j = c; j < i && !seen; j++)
				seen = g->objedges.items[j].from == ends[k] ||
				       g->objedges.items[j].to == ends[k];
			if (k == 1 && ends[1] == ends[0])
				seen = true;
			if (seen)
				continue;
			ol_strbuf_printf(b, "\t\"fn%zu_", c);
			esc(b, ends[k]);
			ol_strbuf_add(b, "\" [label=\"");
			esc(b, ends[k]);
			ol_strbuf_add(b, "\", shape=ellipse];\n");
		}
	}
	ol_strbuf_add(b, "}\n");
}

/* ------------------------------------------------------------------ */
/* JSON                                                                */

static void jstr(ol_strbuf *b, const char *s)
{
	if (!s) {
		ol_strbuf_add(b, "null");
		return;
	}
	ol_strbuf_addc(b, '"');
	esc(b, s);
	ol_strbuf_addc(b, '"');
}

static void jloc(ol_strbuf *b, ol_loc l)
{
	ol_strbuf_printf(b, "\"%s:%u:%u\"", base(l.file), l.line, l.col);
}

static void dump_json(ol_strbuf *b, const ol_graph *g)
{
	ol_strbuf_add(b, "{\n  \"owners\": [");
	for (size_t i = 0; i < g->owners.len; i++) {
		const g_owner *o = &g->owners.items[i];
		ol_strbuf_printf(b, "%s\n    {\"id\": %zu, \"kind\": \"%s\", "
				 "\"var\": ", i ? "," : "", i, kind_name(o));
		jstr(b, o->d.var);
		ol_strbuf_add(b, ", \"name\": ");
		jstr(b, o->d.name);
		ol_strbuf_add(b, ", \"struct\": ");
		jstr(b, o->d.inst);
		ol_strbuf_add(b, ", \"loc\": ");
		jloc(b, o->d.loc);
		ol_strbuf_printf(b, ", \"gc\": %s,\n     \"slots\": {",
				 !o->d.flags_known ? "null"
				 : o->d.have_gc ? "true" : "false");
		const char *names[5], *fns[5];
		size_t n = 0;
		if (o->d.kind == OL_OWNER_MODULE) {
			names[n] = "m_traverse", fns[n++] = o->d.traverse;
			names[n] = "m_clear", fns[n++] = o->d.clear;
			names[n] = "m_free", fns[n++] = o->d.free;
		} else {
			names[n] = "tp_dealloc", fns[n++] = o->d.dealloc;
			names[n] = "tp_traverse", fns[n++] = o->d.traverse;
			names[n] = "tp_clear", fns[n++] = o->d.clear;
			names[n] = "tp_finalize", fns[n++] = o->d.finalize;
		}
		bool first = true;
		for (size_t k = 0; k < n; k++) {
			if (!fns[k])
				continue;
			ol_strbuf_printf(b, "%s\"%s\": ", first ? "" : ", ",
					 names[k]);
			jstr(b, fns[k]);
			first = false;
		}
		ol_strbuf_add(b, "},\n     \"fields\": [");
		first = true;
		for (size_t k = 0; k < g->slots.len; k++) {
			const g_slotfield *s = &g->slots.items[k];
			if (s->owner != i)
				continue;
			const g_fact *st = store_of(g, s);
			ol_strbuf_printf(b, "%s\n       {\"name\": ",
					 first ? "" : ",");
			jstr(b, s->field);
			ol_strbuf_add(b, ", \"stored_at\": ");
			if (st)
				jloc(b, st->loc);
			else
				ol_strbuf_add(b, "null");
			ol_strbuf_add(b, ", \"api\": ");
			jstr(b, st ? st->api : NULL);
			ol_strbuf_add(b, ", \"resource\": ");
			jstr(b, st ? st->resource : NULL);
			ol_strbuf_printf(b, ", \"released\": %s, \"visited\": "
					 "%s, \"cyclic\": %s, \"refers_to\": ",
					 s->unreleased ? "false" : "true",
					 s->unvisited ? "false" : "true",
					 s->cyclic ? "true" : "false");
			if (s->to == G_TO_ANY)
				ol_strbuf_add(b, "\"any\"");
			else if (s->to == G_TO_OWNER)
				ol_strbuf_printf(b, "%zu", s->to_owner);
			else
				ol_strbuf_add(b, "null");
			ol_strbuf_add(b, "}");
			first = false;
		}
		ol_strbuf_add(b, first ? "]}" : "\n     ]}");
	}
	ol_strbuf_add(b, g->owners.len ? "\n  ],\n" : "],\n");
	ol_strbuf_add(b, "  \"globals\": [");
	bool first = true;
	for (size_t i = 0; i < g->facts.len; i++) {
		const g_fact *f = &g->facts.items[i];
		if (f->type || f->kind != OL_FACT_STORE)
			continue;
		ol_strbuf_printf(b, "%s\n    {\"name\": ", first ? "" : ",");
		jstr(b, f->field);
		ol_strbuf_add(b, ", \"stored_at\": ");
		jloc(b, f->loc);
		ol_strbuf_add(b, ", \"api\": ");
		jstr(b, f->api);
		ol_strbuf_add(b, ", \"resource\": ");
		jstr(b, f->resource);
		ol_strbuf_add(b, "}");
		first = false;
	}
	ol_strbuf_add(b, first ? "],\n" : "\n  ],\n");
	ol_strbuf_add(b, "  \"capsules\": [");
	first = true;
	for (size_t i = 0; i < g->facts.len; i++) {
		const g_fact *f = &g->facts.items[i];
		if (f->kind != OL_FACT_CAPSULE)
			continue;
		ol_strbuf_printf(b, "%s\n    {\"name\": ", first ? "" : ",");
		jstr(b, f->field);
		ol_strbuf_add(b, ", \"destructor\": ");
		jstr(b, f->value_type);
		ol_strbuf_add(b, ", \"made_at\": ");
		jloc(b, f->loc);
		ol_strbuf_add(b, ", \"func\": ");
		jstr(b, f->func);
		ol_strbuf_add(b, ", \"resource\": ");
		jstr(b, f->resource);
		ol_strbuf_add(b, ", \"api\": ");
		jstr(b, f->api);
		ol_strbuf_add(b, ", \"released_by\": ");
		jstr(b, f->rel_api);
		ol_strbuf_add(b, "}");
		first = false;
	}
	ol_strbuf_add(b, first ? "],\n" : "\n  ],\n");
	ol_strbuf_add(b, "  \"objects\": [");
	for (size_t i = 0; i < g->objedges.len; i++) {
		const g_objedge *e = &g->objedges.items[i];
		ol_strbuf_printf(b, "%s\n    {\"func\": ", i ? "," : "");
		jstr(b, e->func);
		ol_strbuf_add(b, ", \"from\": ");
		jstr(b, e->from);
		ol_strbuf_add(b, ", \"to\": ");
		jstr(b, e->to);
		ol_strbuf_add(b, ", \"label\": ");
		jstr(b, e->label);
		ol_strbuf_add(b, ", \"loc\": ");
		jloc(b, e->loc);
		ol_strbuf_printf(b, ", \"cyclic\": %s}",
				 e->cyclic ? "true" : "false");
	}
	ol_strbuf_add(b, g->objedges.len ? "\n  ]\n}\n" : "]\n}\n");
}

void ol_graph_dump(ol_strbuf *out, const ol_graph *g, ol_graph_format fmt)
{
	if (fmt == OL_GRAPH_JSON)
		dump_json(out, g);
	else
		dump_dot(out, g);
}
