/*
 * check.c — MOJO-OWN-110 and MOJO-OWN-108 over the merged ownership graph.
 *
 * 110, owner teardown. An owner group is every type (or module) whose
 * instance (or state) struct is S; its teardown is the set of functions
 * reachable in the call graph from its tp_dealloc/tp_clear/tp_finalize
 * (types) or m_clear/m_free (modules). A field S.f that receives an owned
 * resource (a STORE fact anywhere in the program) must be released or
 * handed to a call (a RELEASE or PASS fact: an unknown callee in a
 * teardown is taken to be a destructor) by one of those functions.
 * When a teardown slot names a function the program does not define and
 * that is not known to free only the object (PyObject_Del & co.), the
 * group is not checked: precision first.
 *   GC types (Py_TPFLAGS_HAVE_GC) also get: a tp_dealloc that releases
 * fields and never calls PyObject_GC_UnTrack, and a tp_traverse that does
 * not visit a stored PyObject field (unless every value stored there
 * comes from a constructor of an atomic type: str, bytes, int, float,
 * which cannot be part of a cycle). A field whose every store is the
 * address of a static object (`self->itertype = &KeysIter_Type`, a type
 * defined in the module) is neither released nor visited: static objects
 * are never freed nor collected.
 *   Globals. A global set once at import and never released is the
 * normal CPython idiom (a cached type, an interned string), so a global
 * is reported only when its own TU has a module teardown (m_free, m_clear,
 * or a Py_AtExit function) that releases some other global and not this
 * one: the module cleans up its globals and forgot one. The init function
 * of a single-phase module (m_size -1) runs once per process: what it
 * stores into a global is not reported. Static locals are
 * never reported (no teardown can reach them).
 *
 * 108, type level. An extension type that is not GC-tracked (no
 * Py_TPFLAGS_HAVE_GC, or no tp_traverse) must not be able to own an
 * instance of itself: its owned fields (stored or released by its
 * teardown) are followed by their declared type — a field pointing to
 * another owner's instance struct leads to that type, a `PyObject *`
 * field to any object (so to this type too) unless only atomic values are
 * stored in it. The object-level cycles (108 a) were found per TU in
 * graph.c and are emitted here.
 */
#include "graph_int.h"

#include "../ol.h"

#include <stdlib.h>
#include <string.h>

typedef struct cg {
	ol_graph *g;
	size_t *head; // name hash -> first function, open addressing
	size_t cap;
} cg;

static size_t name_slot(const cg *c, const char *name)
{
	size_t h = ((size_t)(uintptr_t)name >> 4) * 2654435761u;
	size_t m = c->cap - 1;
	for (h &= m;; h = (h + 1) & m) {
		size_t f = c->head[h];
		if (f == OL_GRAPH_NONE || c->g->funcs.items[f].name == name)
			return h;
	}
}

static void cg_init(cg *c, ol_graph *g)
{
	c->g = g;
	c->cap = 64;
	while (c->cap < g->funcs.len * 2 + 2)
		c->cap *= 2;
	c->head = ol_xmalloc(c->cap * sizeof *c->head);
	for (size_t i = 0; i < c->cap; i++)
		c->head[i] = OL_GRAPH_NONE;
	// Chains keep input order: insert from the back.
	for (size_t i = g->funcs.len; i-- > 0;) {
		size_t s = name_slot(c, g->funcs.items[i].name);
		g->funcs.items[i].next_same = c->head[s];
		c->head[s] = i;
	}
}

// The function `name` as seen from translation unit `tu`: its own
// definition there, else an external one elsewhere.
static size_t resolve(const cg *c, const char *name, unsigned tu)
{
	if (!name)
		return OL_GRAPH_NONE;
	size_t f = c->head[name_slot(c, name)];
	size_t ext = OL_GRAPH_NONE;
	for (; f != OL_GRAPH_NONE; f = c->g->funcs.items[f].next_same) {
		const g_func *gf = &c->g->funcs.items[f];
		if (gf->tu == tu)
			return f;
		if (!gf->is_static && ext == OL_GRAPH_NONE)
			ext = f;
	}
	return ext;
}

// Marks in `in` (one bool per function) everything reachable from `root`.
static void closure(const cg *c, size_t root, bool *in)
{
	ol_graph *g = c->g;
	size_t *stack, sp = 0;

	if (root == OL_GRAPH_NONE || in[root])
		return;
	stack = ol_xmalloc(sizeof(size_t) * (g->funcs.len + 1));
	in[root] = true;
	stack[sp++] = root;
	while (sp) {
		const g_func *f = &g->funcs.items[stack[--sp]];
		for (size_t k = 0; k < f->ncalls; k++) {
			size_t t = resolve(c, g->calls.items[f->call0 + k],
					   f->tu);
			if (t != OL_GRAPH_NONE && !in[t]) {
				in[t] = true;
				stack[sp++] = t;
			}
		}
	}
	free(stack);
}

static bool fact_in(const cg *c, const g_fact *f, const bool *in)
{
	size_t fn = resolve(c, f->func, f->tu);
	return fn != OL_GRAPH_NONE && in[fn];
}

// Teardown functions that free the object and nothing it owns.
static bool frees_only(const char *name)
{
	static const char *const names[] = {
		"PyObject_Del", "PyObject_Free", "PyObject_GC_Del",
		"PyMem_Free",   "free",
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(names[i], name))
			return true;
	return false;
}

// Constructors of atomic objects (no references to other objects, so
// never part of a cycle). A weak reference holds no strong reference to
// its referent (only to its callback, which real code leaves NULL when it
// stores one in a field: _ssl.c's `owner`).
static bool atomic_api(const char *api)
{
	static const char *const prefixes[] = {
		"PyBool_",  "PyByteArray_", "PyBytes_",  "PyComplex_",
		"PyFloat_", "PyLong_",      "PyUnicode_", "_PyBytes_",
		"_PyLong_", "_PyUnicode_",  "PyNumber_Index", "PyNumber_Long",
		"PyNumber_Float", "PyObject_Str", "PyObject_Repr",
		"PyObject_ASCII", "PyWeakref_NewRef", "PyWeakref_NewProxy",
	};
	if (!api)
		return false;
	for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
		if (!strncmp(api, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

static bool is_type_owner(const g_owner *o)
{
	return o->d.kind == OL_OWNER_TYPE || o->d.kind == OL_OWNER_SPEC;
}

static const char *owner_label(const g_owner *o)
{
	return o->d.name ? o->d.name : o->d.var;
}

/* ------------------------------------------------------------------ */
/* Findings                                                            */

typedef struct evs {
	OL_VEC(ol_event) v;
} evs;

static void ev(ol_graph *g, evs *e, ol_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void ev(ol_graph *g, evs *e, ol_loc loc, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ol_event x = { loc, ol_arena_vprintf(g->a, fmt, ap) };
	va_end(ap);
	OL_VEC_PUSH(&e->v, x);
}

// A finding at the check's own level, or at note level.
static void emit_at(ol_diag_sink *sink, ol_check_id check, bool note,
		    ol_loc loc, const char *msg, const char *func,
		    const char *subject, const char *resource, evs *e)
{
	ol_diag d = {
		.check = check,
		.level = note ? OL_LEVEL_NOTE : ol_check_info_get(check)->level,
		.loc = loc,
		.msg = (char *)msg,
		.func = (char *)func,
		.resource = (char *)resource,
		.subject = (char *)subject,
		.events = e->v.items,
		.nevents = e->v.len,
	};
	ol_diag_sink_add(sink, &d);
	OL_VEC_FREE(&e->v);
}

static void emit(ol_diag_sink *sink, ol_check_id check, ol_loc loc,
		 const char *msg, const char *func, const char *subject,
		 const char *resource, evs *e)
{
	emit_at(sink, check, false, loc, msg, func, subject, resource, e);
}

static const char *describe_store(ol_graph *g, const g_fact *s)
{
	const char *what = !s->resource ? "owned resource"
		: !strcmp(s->resource, "pyref") ? "new reference"
		: !strcmp(s->resource, "heap") ? "heap block"
		: s->resource;
	if (s->api)
		return ol_arena_printf(g->a, "%s from '%s'", what, s->api);
	return what;
}

/* ------------------------------------------------------------------ */
/* Owner groups                                                        */

typedef struct group {
	const char *inst;
	bool module;
	bool local;       // inst is defined in the main file of TU `tu`
	unsigned tu;
	OL_VEC(size_t) owners;
	bool *td;         // teardown closure (types: dealloc/clear/finalize)
	bool td_unknown;  // a slot names a function we cannot see
	bool td_none;     // no teardown slot at all
	size_t td_func;   // where to report: the first teardown function
	size_t td_owner;  // the owner whose teardown that is
} group;

static ol_owner_decl *type_named(ol_graph *g, const char *var);
static bool same_instances(ol_graph *g, const ol_owner_decl *d);

static void group_teardown(const cg *c, group *gr)
{
	ol_graph *g = c->g;
	gr->td = ol_xcalloc(g->funcs.len + 1, 1);
	gr->td_none = true;
	gr->td_func = OL_GRAPH_NONE;
	gr->td_owner = gr->owners.items[0];
	for (size_t i = 0; i < gr->owners.len; i++) {
		const g_owner *o = &g->owners.items[gr->owners.items[i]];
		const char *slots[5];
		size_t n = 0;
		if (gr->module) {
			slots[n++] = o->d.free;
			slots[n++] = o->d.clear;
		} else {
			slots[n++] = o->d.dealloc;
			slots[n++] = o->d.clear;
			slots[n++] = o->d.finalize;
			// A tp_free of the project's, which the default
			// deallocator calls (sattrack's `{Py_tp_free,
			// tle_free}`, which frees the fields' blocks, C++
			// round 116); CPython's own (PyObject_Del) is none.
			if (o->d.free &&
			    resolve(c, o->d.free, o->tu) != OL_GRAPH_NONE)
				slots[n++] = o->d.free;
			// No tp_dealloc of its own: its base's runs, known
			// when the base's instances are the same struct
			// (satyr's abstract thread type, whose base is
			// another file's, is not).
			if (!o->d.dealloc && o->d.base &&
			    strcmp(o->d.base, "PyBaseObject_Type")) {
				if (same_instances(g, &o->d))
					slots[n++] = type_named(g, o->d.base)
							     ->dealloc;
				else
					gr->td_unknown = true;
			}
		}
		for (size_t k = 0; k < n; k++) {
			if (!slots[k])
				continue;
			gr->td_none = false;
			size_t f = resolve(c, slots[k], o->tu);
			if (f == OL_GRAPH_NONE) {
				if (!frees_only(slots[k]))
					gr->td_unknown = true;
				continue;
			}
			if (gr->td_func == OL_GRAPH_NONE) {
				gr->td_func = f;
				gr->td_owner = gr->owners.items[i];
			}
			closure(c, f, gr->td);
		}
	}
}

// Facts about struct `inst` as seen from TU `tu` concern the group.
static bool in_group(const group *gr, const char *inst, unsigned tu)
{
	return inst == gr->inst && (!gr->local || tu == gr->tu);
}

// The declaration of field `f` of struct `s`, preferably as TU `tu` saw it.
static const g_field *field_decl(const ol_graph *g, const char *s,
				 const char *f, unsigned tu)
{
	const g_field *any = NULL;
	for (size_t i = 0; i < g->fields.len; i++) {
		const g_field *x = &g->fields.items[i];
		if (x->strukt != s || (f && x->field != f))
			continue;
		if (x->tu == tu)
			return x;
		if (!any)
			any = x;
	}
	return any;
}

// Position of field `f` in struct `s` as TU `tu` declared it (fields are
// recorded in declaration order), or -1.
static long field_index(const ol_graph *g, const char *s, const char *f,
			unsigned tu)
{
	const g_field *d = field_decl(g, s, f, tu);
	long n = 0;
	if (!d)
		return -1;
	for (const g_field *x = g->fields.items; x < d; x++)
		if (x->strukt == s && x->tu == d->tu)
			n++;
	return n;
}

// The field at position `i` of struct `s` (as TU `tu` saw it), or NULL.
static const g_field *field_at(const ol_graph *g, const char *s, long i,
			       unsigned tu)
{
	unsigned use = tu;
	if (!field_decl(g, s, NULL, tu)) {
		// Any TU that declared it.
		for (size_t k = 0; k < g->fields.len; k++)
			if (g->fields.items[k].strukt == s) {
				use = g->fields.items[k].tu;
				break;
			}
	}
	for (size_t k = 0; k < g->fields.len; k++) {
		const g_field *x = &g->fields.items[k];
		if (x->strukt == s && x->tu == use && i-- == 0)
			return x;
	}
	return NULL;
}

// Per-field view of a group: first store, release/visit facts.
typedef struct finfo {
	const char *field;
	size_t store;     // first STORE fact (any resource)
	size_t pystore;   // first pyref STORE fact
	// Some pyref store comes from an atomic constructor: the field holds
	// str/bytes/int values (fields keep one type in practice, so a
	// `Py_NewRef(v)` elsewhere is taken to store the same kind).
	bool all_atomic;
	// Some store is of a value other than the address of a static
	// object: without one, the field only ever points to static objects
	// (`self->itertype = &KeysIter_Type`), which are never freed nor
	// collected: nothing to release or visit.
	bool nonstatic;
	bool released;    // by the teardown
	size_t rel_fact;  // a RELEASE fact in the teardown
	// The object struct every pyref store puts there, known before its
	// cast (`self->acl = (PyObject *)acl`), or NULL (some store is of any
	// object, or two disagree).
	const char *store_type;
	bool store_type_mixed;
	// Given a value other than NULL somewhere (graph_int.h's `written`).
	bool written;
	// Some pyref store is of a value the Python caller gave (g_fact).
	bool from_caller;
} finfo;

typedef OL_VEC(finfo) finfo_vec;

static finfo *finfo_get(finfo_vec *v, const char *field)
{
	for (size_t i = 0; i < v->len; i++)
		if (v->items[i].field == field)
			return &v->items[i];
	finfo x = { field, OL_GRAPH_NONE, OL_GRAPH_NONE, false, false, false,
		    OL_GRAPH_NONE, NULL, false, false, false };
	OL_VEC_PUSH(v, x);
	return &v->items[v->len - 1];
}

static bool is_pyref(const char *r)
{
	return r && !strcmp(r, "pyref");
}

static void note_store_type(finfo *x, const char *value_type)
{
	bool any = !value_type || !strcmp(value_type, "struct _object") ||
		   !strcmp(value_type, "PyObject") ||
		   !strcmp(value_type, "_object");
	if (any || (x->store_type && strcmp(x->store_type, value_type)))
		x->store_type_mixed = true;
	else
		x->store_type = value_type;
}

// (C++) A class's field released by code that is not the class's own (a
// caller's `Py_XDECREF(handler.root)` after a parse; rapidjson's
// PyHandler): the users of the object take that reference out of it, and
// the destructor is right to leave it. A Python type's field released by
// one of its methods is still the teardown's to release (the method may
// never be called), so this holds for C++ classes only (their teardown is
// a destructor, `Class::~Class`).
static bool taken_out_by_users(const cg *c, const group *gr, const g_fact *f)
{
	const g_owner *o = &c->g->owners.items[gr->owners.items[0]];
	const char *cls = o->d.var, *dtor = o->d.dealloc;
	size_t n = cls ? strlen(cls) : 0;
	if (f->kind != OL_FACT_RELEASE || !dtor || !n || !f->func ||
	    strncmp(dtor, cls, n) || strncmp(dtor + n, "::~", 3))
		return false;
	return strncmp(f->func, cls, n) || strncmp(f->func + n, "::", 2);
}

static void group_fields(const cg *c, const group *gr, finfo_vec *out)
{
	ol_graph *g = c->g;
	for (size_t i = 0; i < g->written.len; i++) {
		const g_field *w = &g->written.items[i];
		if (in_group(gr, w->strukt, w->tu))
			finfo_get(out, w->field)->written = true;
	}
	for (size_t i = 0; i < g->facts.len; i++) {
		const g_fact *f = &g->facts.items[i];
		if (!in_group(gr, f->type, f->tu))
			continue;
		if (f->kind == OL_FACT_STORE) {
			finfo *x = finfo_get(out, f->field);
			if (x->store == OL_GRAPH_NONE)
				x->store = i;
			if (!f->static_value)
				x->nonstatic = true;
			if (is_pyref(f->resource)) {
				if (x->pystore == OL_GRAPH_NONE)
					x->pystore = i;
				if (atomic_api(f->api))
					x->all_atomic = true;
				if (f->from_caller)
					x->from_caller = true;
				note_store_type(x, f->value_type);
			}
		} else if (fact_in(c, f, gr->td) ||
			   taken_out_by_users(c, gr, f)) {
			finfo *x = finfo_get(out, f->field);
			x->released = true;
			if (f->kind == OL_FACT_RELEASE &&
			    x->rel_fact == OL_GRAPH_NONE &&
			    fact_in(c, f, gr->td))
				x->rel_fact = i;
		}
	}
}

static size_t slot_add(ol_graph *g, size_t owner, const finfo *x)
{
	g_slotfield s = { owner, x->field, x->store, false, false, false,
			  G_TO_NONE, OL_GRAPH_NONE };
	OL_VEC_PUSH(&g->slots, s);
	return g->slots.len - 1;
}

// "Base class" teardown: `TaskObj_clear` calls `FutureObj_clear(
// (FutureObj *)task)`, and TaskObj starts with FutureObj's fields under
// other names (a prefix macro). Field `f` of `gr` at position i counts as
// released when the teardown releases field i of another struct whose
// fields 0..i have the same types.
static bool released_by_prefix(const cg *c, const group *gr, const char *f,
			       const bool *in)
{
	const ol_graph *g = c->g;
	long i = field_index(g, gr->inst, f, gr->tu);
	if (i < 0)
		return false;
	for (size_t k = 0; k < g->facts.len; k++) {
		const g_fact *x = &g->facts.items[k];
		if (x->kind == OL_FACT_STORE || !x->type ||
		    x->type == gr->inst || !fact_in(c, x, in))
			continue;
		if (field_index(g, x->type, x->field, x->tu) != i)
			continue;
		bool same = true;
		for (long j = 0; j <= i && same; j++) {
			const g_field *a = field_at(g, gr->inst, j, gr->tu);
			const g_field *b = field_at(g, x->type, j, x->tu);
			same = a && b && a->pointee == b->pointee;
		}
		if (same)
			return true;
	}
	return false;
}

static void check_teardown(const cg *c, const group *gr,
			   const finfo_vec *fi, const size_t *slot,
			   ol_diag_sink *sink)
{
	ol_graph *g = c->g;
	const g_owner *o = &g->owners.items[gr->td_owner];

	if (gr->td_unknown)
		return;
	for (size_t i = 0; i < fi->len; i++) {
		const finfo *x = &fi->items[i];
		if (x->store == OL_GRAPH_NONE || x->released ||
		    !x->nonstatic ||
		    released_by_prefix(c, gr, x->field, gr->td))
			continue;
		const g_fact *s = &g->facts.items[x->store];
		evs e = { 0 };
		const char *msg, *func;
		ol_loc at;
		ev(g, &e, s->loc, "%s stored into field '%s' in '%s'",
		   describe_store(g, s), x->field, s->func);
		if (gr->td_func != OL_GRAPH_NONE) {
			const g_func *tf = &g->funcs.items[gr->td_func];
			at = tf->loc;
			func = tf->name;
			msg = ol_arena_printf(
				g->a, "field '%s' of '%s' owns a %s but the "
				"teardown of %s '%s' never releases it",
				x->field, gr->inst, describe_store(g, s),
				gr->module ? "module" : "type", owner_label(o));
			ev(g, &e, at, "'%s' and the functions it calls end "
			   "without releasing '%s'", tf->name, x->field);
		} else {
			at = o->d.loc;
			func = o->d.var;
			msg = ol_arena_printf(
				g->a, "field '%s' of '%s' owns a %s but %s '%s' "
				"has no %s to release it", x->field, gr->inst,
				describe_store(g, s),
				gr->module ? "module" : "type", owner_label(o),
				gr->module ? "m_free or m_clear"
					   : "tp_dealloc or tp_clear");
		}
		g->slots.items[slot[i]].unreleased = true;
		emit(sink, OL_CHECK_OWN_TEARDOWN, at, msg, func,
		     ol_arena_printf(g->a, "%s.%s", gr->inst, x->field),
		     s->resource, &e);
	}
}

static bool struct_defined_in(const ol_graph *g, const char *strukt,
			      unsigned tu)
{
	for (size_t i = 0; i < g->fields.len; i++)
		if (g->fields.items[i].tu == tu &&
		    !strcmp(g->fields.items[i].strukt, strukt))
			return true;
	return false;
}

// Field `x` of the instances of `o` holds only objects of a type of the
// project that the collector never tracks: not GC (no
// Py_TPFLAGS_HAVE_GC) and not subclassable (no Py_TPFLAGS_BASETYPE: no
// Python subclass, which may be GC). Such an object is in no cycle the
// collector can find, and visiting it does nothing: tp_traverse need not
// (woosh's Tokenizer, whose fields hold woosh.Type instances: 1 false
// MOJO-OWN-110 row of C round 124).
static bool holds_untracked_only(const ol_graph *g, const g_owner *o,
				 const finfo *x)
{
	const g_field *fd = field_decl(g, o->d.inst, x->field, o->tu);
	const char *p = fd ? fd->pointee : NULL;
	if (p && !strcmp(p, "struct _object"))
		p = x->store_type_mixed ? NULL : x->store_type;
	if (!p)
		return false;
	bool found = false;
	for (size_t i = 0; i < g->owners.len; i++) {
		const g_owner *t = &g->owners.items[i];
		// (a struct defined in another file's main file is this
		// one's only where this file leaves it opaque)
		if (!is_type_owner(t) || !t->d.inst || strcmp(t->d.inst, p) ||
		    (t->d.inst_local && t->tu != o->tu &&
		     struct_defined_in(g, p, o->tu)))
			continue;
		if (!t->d.flags_known || t->d.have_gc || t->d.basetype)
			return false;
		found = true;
	}
	return found;
}

// GC types: PyObject_GC_UnTrack in tp_dealloc, every object field visited.
static void check_gc(const cg *c, const group *gr, const finfo_vec *fi,
		     const size_t *slot, ol_diag_sink *sink)
{
	ol_graph *g = c->g;

	for (size_t k = 0; k < gr->owners.len; k++) {
		const g_owner *o = &g->owners.items[gr->owners.items[k]];
		if (!is_type_owner(o) || !o->d.flags_known || !o->d.have_gc)
			continue;
		size_t d = resolve(c, o->d.dealloc, o->tu);
		if (d != OL_GRAPH_NONE) {
			bool *in = ol_xcalloc(g->funcs.len + 1, 1);
			bool untracks = false;
			size_t rel = OL_GRAPH_NONE;
			closure(c, d, in);
			for (size_t f = 0; f < g->funcs.len; f++)
				untracks |= in[f] && g->funcs.items[f].untracks;
			for (size_t i = 0; i < g->facts.len && !untracks &&
			     rel == OL_GRAPH_NONE; i++) {
				const g_fact *f = &g->facts.items[i];
				if (f->kind == OL_FACT_RELEASE &&
				    in_group(gr, f->type, f->tu) &&
				    fact_in(c, f, in))
					rel = i;
			}
			free(in);
			if (!untracks && rel != OL_GRAPH_NONE) {
				const g_func *df = &g->funcs.items[d];
				const g_fact *r = &g->facts.items[rel];
				evs e = { 0 };
				ev(g, &e, o->d.loc, "'%s' has Py_TPFLAGS_HAVE_GC",
				   owner_label(o));
				ev(g, &e, r->loc, "field '%s' released here by "
				   "'%s' while the object is still tracked",
				   r->field, r->api ? r->api : "?");
				emit(sink, OL_CHECK_OWN_TEARDOWN, df->loc,
				     ol_arena_printf(
					     g->a, "tp_dealloc '%s' of GC type "
					     "'%s' releases fields without "
					     "calling PyObject_GC_UnTrack first",
					     df->name, owner_label(o)),
				     df->name, ol_arena_printf(g->a, "%s.untrack",
							       gr->inst),
				     "pyref", &e);
			}
		}
		size_t t = resolve(c, o->d.traverse, o->tu);
		if (t == OL_GRAPH_NONE)
			continue;
		bool *in = ol_xcalloc(g->funcs.len + 1, 1);
		closure(c, t, in);
		for (size_t i = 0; i < fi->len; i++) {
			const finfo *x = &fi->items[i];
			if (x->pystore == OL_GRAPH_NONE || x->all_atomic ||
			    !x->nonstatic || holds_untracked_only(g, o, x))
				continue;
			bool visited = false;
			for (size_t j = 0; j < g->facts.len && !visited; j++) {
				const g_fact *f = &g->facts.items[j];
				visited = f->kind != OL_FACT_STORE &&
					  in_group(gr, f->type, f->tu) &&
					  f->field == x->field &&
					  fact_in(c, f, in);
			}
			if (visited || released_by_prefix(c, gr, x->field, in))
				continue;
			const g_func *tf = &g->funcs.items[t];
			const g_fact *s = &g->facts.items[x->pystore];
			evs e = { 0 };
			ev(g, &e, s->loc, "%s stored into field '%s' in '%s'",
			   describe_store(g, s), x->field, s->func);
			ev(g, &e, tf->loc, "'%s' never passes '%s' to visit",
			   tf->name, x->field);
			g->slots.items[slot[i]].unvisited = true;
			emit(sink, OL_CHECK_OWN_TEARDOWN, tf->loc,
			     ol_arena_printf(g->a, "tp_traverse '%s' of GC type "
					     "'%s' does not visit field '%s', "
					     "which owns a %s", tf->name,
					     owner_label(o), x->field,
					     describe_store(g, s)),
			     tf->name, ol_arena_printf(g->a, "%s.%s", gr->inst,
						       x->field),
			     "pyref", &e);
		}
		free(in);
	}
}

/* ------------------------------------------------------------------ */
/* Globals                                                             */

static bool is_global(const ol_graph *g, const char *name, unsigned tu)
{
	for (size_t i = 0; i < g->globals.len; i++)
		if (g->globals.items[i].name == name &&
		    g->globals.items[i].tu == tu)
			return true;
	return false;
}

// Some function marked in `in` mentions global `name`.
static bool mentioned(const ol_graph *g, const char *name, const bool *in)
{
	for (size_t f = 0; f < g->funcs.len; f++) {
		const g_func *gf = &g->funcs.items[f];
		for (size_t k = 0; in[f] && k < gf->nglob; k++)
			if (g->fglobals.items[gf->glob0 + k] == name)
				return true;
	}
	return false;
}

// The functions a single-phase module's (m_size -1) init function
// `PyInit_*` of `tu` reaches: they run once per process, and what they
// store into a global is set once (NULL when the TU has no such module).
// Owned by the caller.
static bool *single_phase_init(const cg *c, unsigned tu)
{
	const ol_graph *g = c->g;
	bool single = false;
	for (size_t i = 0; i < g->owners.len && !single; i++) {
		const g_owner *o = &g->owners.items[i];
		single = o->tu == tu && o->d.kind == OL_OWNER_MODULE &&
			 o->d.single_phase;
	}
	if (!single)
		return NULL;
	bool *once = ol_xcalloc(g->funcs.len + 1, 1);
	for (size_t f = 0; f < g->funcs.len; f++)
		if (g->funcs.items[f].tu == tu &&
		    !strncmp(g->funcs.items[f].name, "PyInit_", 7))
			closure(c, f, once);
	return once;
}

static void check_globals(const cg *c, ol_diag_sink *sink)
{
	ol_graph *g = c->g;
	unsigned ntu = 0;

	for (size_t i = 0; i < g->funcs.len; i++)
		if (g->funcs.items[i].tu + 1 > ntu)
			ntu = g->funcs.items[i].tu + 1;
	bool *in = ol_xcalloc(g->funcs.len + 1, 1);
	for (unsigned tu = 0; tu < ntu; tu++) {
		// This TU's module teardown functions.
		memset(in, 0, g->funcs.len + 1);
		size_t first = OL_GRAPH_NONE;
		for (size_t i = 0; i < g->owners.len; i++) {
			const g_owner *o = &g->owners.items[i];
			if (o->tu != tu || o->d.kind != OL_OWNER_MODULE)
				continue;
			const char *slots[2] = { o->d.free, o->d.clear };
			for (int k = 0; k < 2; k++) {
				size_t f = resolve(c, slots[k], tu);
				if (f != OL_GRAPH_NONE && first == OL_GRAPH_NONE)
					first = f;
				closure(c, f, in);
			}
		}
		if (first == OL_GRAPH_NONE)
			continue;
		// Does the teardown clean up globals at all? A teardown
		// function that mentions a global that receives an owned
		// resource is taken to release it (Py_CLEAR(g) reads it into
		// a temporary first, so the engine sees no field read).
		bool cleans = false;
		for (size_t i = 0; i < g->facts.len && !cleans; i++) {
			const g_fact *f = &g->facts.items[i];
			cleans = !f->type && f->kind == OL_FACT_STORE &&
				 f->tu == tu && is_global(g, f->field, tu) &&
				 mentioned(g, f->field, in);
		}
		if (!cleans)
			continue;
		bool *once = single_phase_init(c, tu);
		for (size_t i = 0; i < g->facts.len; i++) {
			const g_fact *s = &g->facts.items[i];
			if (s->type || s->kind != OL_FACT_STORE || s->tu != tu ||
			    !is_global(g, s->field, tu) ||
			    (once && fact_in(c, s, once)))
				continue;
			bool released = mentioned(g, s->field, in);
			bool earlier = false;
			for (size_t j = 0; j < g->facts.len && !released; j++) {
				const g_fact *f = &g->facts.items[j];
				if (f->type || f->field != s->field ||
				    f->tu != tu)
					continue;
				if (f->kind == OL_FACT_STORE)
					earlier |= j < i;
				else
					released = fact_in(c, f, in);
			}
			if (released || earlier)
				continue;
			const g_func *tf = &g->funcs.items[first];
			evs e = { 0 };
			ev(g, &e, s->loc, "%s stored into global '%s' in '%s'",
			   describe_store(g, s), s->field, s->func);
			ev(g, &e, tf->loc, "module teardown '%s' releases other "
			   "globals but not '%s'", tf->name, s->field);
			emit(sink, OL_CHECK_OWN_TEARDOWN, tf->loc,
			     ol_arena_printf(g->a, "global '%s' owns a %s but "
					     "the module teardown '%s' never "
					     "releases it", s->field,
					     describe_store(g, s), tf->name),
			     tf->name, s->field, s->resource, &e);
		}
		free(once);
	}
	free(in);
}

/* ------------------------------------------------------------------ */
/* 108, type level                                                     */

typedef struct tnode {
	const group *gr;
	size_t owner;
	finfo_vec fi;
	size_t slot0;  // first g->slots index of this group
	bool tracked;
	bool known;    // flags evaluated
} tnode;

static size_t owner_of_inst(const tnode *t, size_t n, const char *inst,
			    unsigned tu)
{
	for (size_t i = 0; i < n; i++)
		if (in_group(t[i].gr, inst, tu))
			return i;
	return OL_GRAPH_NONE;
}

// What field `x` of type node `t` can refer to (108).
static g_target_kind field_target(const ol_graph *g, const tnode *ts,
				  size_t nt, const tnode *t, const finfo *x,
				  size_t *to)
{
	const g_owner *o = &g->owners.items[t->owner];
	const g_field *fd = field_decl(g, o->d.inst, x->field, o->tu);
	const char *p = fd ? fd->pointee : NULL;
	bool owned = x->pystore != OL_GRAPH_NONE ||
		     x->rel_fact != OL_GRAPH_NONE;

	if (!p && x->pystore != OL_GRAPH_NONE)
		p = g->facts.items[x->pystore].value_type;
	if (!owned || !p)
		return G_TO_NONE;
	// A PyObject * field whose every store is of one object struct
	// (checked by "O!" into a typed pointer) owns objects of that type.
	if (!strcmp(p, "struct _object") && x->pystore != OL_GRAPH_NONE &&
	    x->store_type && !x->store_type_mixed) {
		*to = owner_of_inst(ts, nt, x->store_type, o->tu);
		return *to != OL_GRAPH_NONE ? G_TO_OWNER : G_TO_NONE;
	}
	*to = owner_of_inst(ts, nt, p, o->tu);
	if (*to != OL_GRAPH_NONE)
		return G_TO_OWNER;
	// Released by the teardown but never given anything (pygit2's
	// `Repository.index`, only ever set to NULL): no store, no write,
	// and no member table through which Python code could assign it.
	if (x->pystore == OL_GRAPH_NONE && !x->written && !o->d.members)
		return G_TO_NONE;
	// Stored only values the function made or found itself, never one
	// its Python caller gave, in a type whose fields Python code does not
	// assign (no tp_members): a list the type made (cruet's `Map.rules`),
	// the object that made it (btck's `slice->obj = Py_NewRef(self)`),
	// a str a helper returns (pyglfs), what a helper of the file is given
	// (snkv's `make_iterator(.., self->store_ref, ..)`): no Python code
	// links an instance back into it (7 false note-level rows of C rounds
	// 111 to 118, 6 true ones all of a caller's argument).
	if (x->pystore != OL_GRAPH_NONE && !x->from_caller && !o->d.members)
		return G_TO_NONE;
	if (!strcmp(p, "struct _object") &&
	    !(x->pystore != OL_GRAPH_NONE && (x->all_atomic || !x->nonstatic)))
		return G_TO_ANY;
	return G_TO_NONE;
}

typedef struct pstep {
	size_t node, field; // index into ts, index into ts[node].fi
} pstep;

static bool cycle_dfs(const ol_graph *g, const tnode *ts, size_t nt,
		      size_t at, size_t goal, bool *seen, pstep *path,
		      size_t *np)
{
	const tnode *t = &ts[at];
	seen[at] = true;
	for (size_t i = 0; i < t->fi.len; i++) {
		size_t to = OL_GRAPH_NONE;
		g_target_kind k = field_target(g, ts, nt, t, &t->fi.items[i],
					       &to);
		if (k == G_TO_NONE)
			continue;
		path[(*np)++] = (pstep){ at, i };
		if (k == G_TO_ANY || to == goal)
			return true;
		if (!seen[to] &&
		    cycle_dfs(g, ts, nt, to, goal, seen, path, np))
			return true;
		(*np)--;
	}
	return false;
}

static void check_type_cycles(ol_graph *g, tnode *ts, size_t nt,
			      ol_diag_sink *sink)
{
	bool *seen = ol_xcalloc(nt + 1, 1);
	pstep *path = ol_xmalloc(sizeof(pstep) * (nt * 64 + 64));

	for (size_t n = 0; n < nt; n++) {
		const g_owner *o = &g->owners.items[ts[n].owner];
		// Set the dump's targets for every field, cycle or not.
		for (size_t i = 0; i < ts[n].fi.len; i++) {
			size_t to = OL_GRAPH_NONE;
			g_slotfield *sf = &g->slots.items[ts[n].slot0 + i];
			sf->to = field_target(g, ts, nt, &ts[n],
					      &ts[n].fi.items[i], &to);
			sf->to_owner = to == OL_GRAPH_NONE ? OL_GRAPH_NONE
							   : ts[to].owner;
		}
		if (!ts[n].known || ts[n].tracked)
			continue;
		size_t np = 0;
		memset(seen, 0, nt + 1);
		if (!cycle_dfs(g, ts, nt, n, n, seen, path, &np))
			continue;
		evs e = { 0 };
		bool any = false; // through a field that can own any object
		ol_strbuf chain;
		ol_strbuf_init(&chain);
		for (size_t k = 0; k < np; k++) {
			const tnode *t = &ts[path[k].node];
			const finfo *x = &t->fi.items[path[k].field];
			const g_owner *to = &g->owners.items[t->owner];
			size_t tgt = OL_GRAPH_NONE;
			g_target_kind tk = field_target(g, ts, nt, t, x, &tgt);
			size_t fact = x->pystore != OL_GRAPH_NONE ? x->pystore
								   : x->rel_fact;
			ol_loc at = fact != OL_GRAPH_NONE
					    ? g->facts.items[fact].loc
					    : to->d.loc;
			const char *how = x->pystore != OL_GRAPH_NONE
						  ? "stored here"
						  : "owned: released here";
			any |= tk == G_TO_ANY;
			if (tk == G_TO_ANY)
				ev(g, &e, at, "field '%s' of '%s' can own any "
				   "object, a '%s' included (%s)", x->field,
				   to->d.inst, owner_label(o), how);
			else
				ev(g, &e, at, "field '%s' of '%s' owns a '%s' "
				   "(%s)", x->field, to->d.inst,
				   owner_label(&g->owners.items[ts[tgt].owner]),
				   how);
			g->slots.items[t->slot0 + path[k].field].cyclic = true;
			ol_strbuf_printf(&chain, "%s'%s'", k ? " -> " : "",
					 x->field);
		}
		const char *why = !o->d.have_gc
			? "no Py_TPFLAGS_HAVE_GC"
			: "Py_TPFLAGS_HAVE_GC but no tp_traverse";
		// Through a field that can own any object, the cycle needs
		// Python code to link an instance back; on real code the
		// field mostly holds objects of a few kinds that cannot (a
		// str, the module's own leaf types): a note (rules/README.md).
		emit_at(sink, OL_CHECK_OWN_CYCLE, any,
			o->d.loc,
			ol_arena_printf(g->a, "instances of type '%s' can own "
					"themselves through %s but the type "
					"is not GC-tracked (%s): such cycles "
					"are never freed%s", owner_label(o),
					ol_strbuf_str(&chain), why,
					any ? " (a note: only Python code that "
					      "links an instance back makes "
					      "one)" : ""),
			o->d.var, ol_arena_printf(g->a, "%s.cycle",
						  o->d.inst),
			"pyref", &e);
		ol_strbuf_free(&chain);
	}
	free(seen);
	free(path);
}

/* ------------------------------------------------------------------ */

// The static type owner defined as variable `var`, or NULL.
static ol_owner_decl *type_named(ol_graph *g, const char *var)
{
	for (size_t k = 0; k < g->owners.len; k++) {
		ol_owner_decl *d = &g->owners.items[k].d;
		if (d->kind == OL_OWNER_TYPE && d->var && !strcmp(d->var, var))
			return d;
	}
	return NULL;
}

// Whether type `d`'s base is a type of the program whose instances are
// the same struct as d's.
static bool same_instances(ol_graph *g, const ol_owner_decl *d)
{
	const ol_owner_decl *b = d->base ? type_named(g, d->base) : NULL;
	return b && d->inst && b->inst && !strcmp(d->inst, b->inst);
}

// `Sub_Type.tp_base = &Base_Type;` before PyType_Ready: a type without
// Py_TPFLAGS_HAVE_GC, tp_traverse and tp_clear of its own inherits all
// three from a GC base (CPython's inherit_special). A base the program
// does not define (a builtin type other than object) leaves the flags
// unknown.
static void inherit_gc(ol_graph *g, ol_owner_decl *d, const char *base)
{
	if (!strcmp(base, "PyBaseObject_Type"))
		return;
	const ol_owner_decl *b = type_named(g, base);
	if (!b || !b->flags_known) {
		d->flags_known = false;
		return;
	}
	if (!b->have_gc || d->have_gc || d->traverse || d->clear)
		return;
	d->have_gc = true;
	d->traverse = b->traverse;
	d->clear = b->clear;
}

// Teardown slots a module sets at run time (`Foo_Type.tp_dealloc = f;`)
// fill the static type's empty slots; flags set at run time make them
// unknown; a base, set at run time or by the initializer, passes on its
// GC support (and its tp_dealloc: group_teardown()).
static void fill_slots(ol_graph *g)
{
	for (size_t i = 0; i < g->slotsets.len; i++) {
		const g_slotset *x = &g->slotsets.items[i];
		for (size_t k = 0; k < g->owners.len; k++) {
			ol_owner_decl *d = &g->owners.items[k].d;
			if (d->kind != OL_OWNER_TYPE || !d->var ||
			    strcmp(d->var, x->var))
				continue;
			if (!strcmp(x->slot, "tp_flags")) {
				d->flags_known = false; // set at run time
				continue;
			}
			if (!strcmp(x->slot, "tp_base"))
				continue; // below, once every slot is known
			const char **slot =
				!strcmp(x->slot, "tp_dealloc") ? &d->dealloc
				: !strcmp(x->slot, "tp_traverse") ? &d->traverse
				: !strcmp(x->slot, "tp_clear") ? &d->clear
				: !strcmp(x->slot, "tp_finalize") ? &d->finalize
				: NULL;
			if (slot && !*slot)
				*slot = x->func;
		}
	}
	// The initializer's base: its GC support when its instances are
	// the same struct; a larger struct's own fields are another matter
	// (unknown: CPython's PyCMethod_Type over PyCFunction_Type).
	for (size_t k = 0; k < g->owners.len; k++) {
		ol_owner_decl *d = &g->owners.items[k].d;
		if (d->kind != OL_OWNER_TYPE || !d->base)
			continue;
		if (same_instances(g, d))
			inherit_gc(g, d, d->base);
		else if (strcmp(d->base, "PyBaseObject_Type"))
			d->flags_known = false;
	}
	for (size_t i = 0; i < g->slotsets.len; i++) {
		const g_slotset *x = &g->slotsets.items[i];
		ol_owner_decl *d = type_named(g, x->var);
		if (d && !strcmp(x->slot, "tp_base")) {
			inherit_gc(g, d, x->func);
			if (!d->base)
				d->base = x->func;
		}
	}
}

void ol_graph_check(ol_graph *g, ol_diag_sink *sink)
{
	cg c;
	OL_VEC(group) groups = { 0 };
	OL_VEC(tnode) tnodes = { 0 };

	OL_ASSERT(!g->checked);
	g->checked = true;
	fill_slots(g);
	cg_init(&c, g);

	// Object-level cycles were found per TU.
	for (size_t i = 0; i < g->findings.len; i++) {
		const g_finding *f = &g->findings.items[i];
		evs e = { 0 };
		for (size_t k = 0; k < f->nev; k++) {
			const g_event *x = &g->events.items[f->ev0 + k];
			ev(g, &e, x->loc, "%s", x->msg);
		}
		emit(sink, f->check, f->loc, f->msg, f->func, f->subject,
		     f->resource, &e);
	}

	// Owner groups, in declaration order.
	for (size_t i = 0; i < g->owners.len; i++) {
		const g_owner *o = &g->owners.items[i];
		if (!o->d.inst)
			continue;
		bool module = o->d.kind == OL_OWNER_MODULE;
		group *gr = NULL;
		for (size_t k = 0; k < groups.len && !gr; k++)
			if (groups.items[k].module == module &&
			    groups.items[k].local == o->d.inst_local &&
			    in_group(&groups.items[k], o->d.inst, o->tu))
				gr = &groups.items[k];
		if (!gr) {
			group x = { .inst = o->d.inst, .module = module,
				    .local = o->d.inst_local, .tu = o->tu };
			OL_VEC_PUSH(&groups, x);
			gr = &groups.items[groups.len - 1];
		}
		OL_VEC_PUSH(&gr->owners, i);
	}
	for (size_t k = 0; k < groups.len; k++) {
		group *gr = &groups.items[k];
		finfo_vec fi = { 0 };
		group_teardown(&c, gr);
		group_fields(&c, gr, &fi);
		// Declaration order (stable output, readable dumps).
		for (size_t i = 1; i < fi.len; i++)
			for (size_t j = i; j > 0 &&
			     field_index(g, gr->inst, fi.items[j - 1].field,
					 gr->tu) >
				     field_index(g, gr->inst, fi.items[j].field,
						 gr->tu); j--) {
				finfo t = fi.items[j];
				fi.items[j] = fi.items[j - 1];
				fi.items[j - 1] = t;
			}
		size_t *slot = ol_xcalloc(fi.len + 1, sizeof *slot);
		size_t slot0 = g->slots.len;
		for (size_t i = 0; i < fi.len; i++)
			slot[i] = slot_add(g, gr->owners.items[0],
					   &fi.items[i]);
		check_teardown(&c, gr, &fi, slot, sink);
		if (!gr->module) {
			check_gc(&c, gr, &fi, slot, sink);
			const g_owner *o = &g->owners.items[gr->owners.items[0]];
			tnode t = { .gr = gr, .owner = gr->owners.items[0],
				    .fi = fi,
				    .slot0 = slot0 };
			// Tracked when one of the group's types is.
			for (size_t i = 0; i < gr->owners.len; i++) {
				const g_owner *x =
					&g->owners.items[gr->owners.items[i]];
				t.known |= x->d.flags_known;
				t.tracked |= x->d.have_gc && x->d.traverse;
			}
			(void)o;
			OL_VEC_PUSH(&tnodes, t);
		} else {
			OL_VEC_FREE(&fi);
		}
		free(slot);
	}
	check_type_cycles(g, tnodes.items, tnodes.len, sink);
	check_globals(&c, sink);

	for (size_t k = 0; k < tnodes.len; k++)
		OL_VEC_FREE(&tnodes.items[k].fi);
	OL_VEC_FREE(&tnodes);
	for (size_t k = 0; k < groups.len; k++) {
		free(groups.items[k].td);
		OL_VEC_FREE(&groups.items[k].owners);
	}
	OL_VEC_FREE(&groups);
	free(c.head);
}
