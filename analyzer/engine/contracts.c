/*
 * contracts.c — the run's contracts and registrations (contracts.h).
 *
 * Contracts are kept in insertion order (the order files are merged in,
 * which is input order) with an index by name: open addressing over
 * positions + 1. A name with several contracts (two files defining the
 * same external function, or a static function of that name elsewhere)
 * keeps all of them; lookups return the first external one and say
 * whether another disagreed.
 */
#include "contracts.h"

#include "../base/arena.h"
#include "../base/serial.h"
#include "../base/vec.h"

#include <stdlib.h>
#include <string.h>

typedef struct chained {
	ol_contract c;
	size_t next; // position + 1 of the next contract of this name, or 0
} chained;

struct ol_contracts {
	ol_arena *a;
	OL_VEC(chained) items;
	OL_VEC(ol_registration_fact) regs;
	size_t *reg_index; // positions + 1 of the first registration of each
	size_t reg_cap;	   // function name (open addressing)
	// Calls of functions a file does not define: name -> the first
	// caller and whether another input calls it too.
	struct call_rec {
		const char *name;
		unsigned first;
		bool several;
	} *calls;
	size_t ncalls, capcalls; // open addressing
	size_t *index; // positions + 1 of the first contract of each name
	size_t cap;
	// ol_contracts_note_newer_python(): the input that noted it first
	// (run's set), and whether another did too.
	bool newer_python, newer_several;
	unsigned newer_first;
};

static uint64_t hash_str(uint64_t h, const char *s)
{
	for (; s && *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	return (h ^ v) * 1099511628211ull;
}

// What callers see of a contract, as a number: two files defining a
// function the same way give the same hash.
static uint64_t effects_hash(const ol_kb_entry *e)
{
	uint64_t h = 1469598103934665603ull;
	h = mix(h, (uint64_t)e->ret);
	h = mix(h, (uint64_t)(e->returns_arg + 1));
	h = mix(h, (uint64_t)e->fails_when.cmp);
	h = mix(h, (uint64_t)e->fails_when.value);
	h = mix(h, (uint64_t)e->fails_when.is_null);
	h = mix(h, (uint64_t)e->runs_python);
	h = mix(h, (uint64_t)e->error_probe);
	h = mix(h, (uint64_t)e->error_probe_set);
	h = mix(h, (uint64_t)e->passthrough_unless_error);
	h = mix(h, (uint64_t)e->ret_zero);
	h = mix(h, e->nargs);
	for (size_t i = 0; i < e->nargs; i++) {
		h = mix(h, (uint64_t)e->args[i].effect);
		h = mix(h, (uint64_t)e->args[i].writes |
				   (uint64_t)e->args[i].flag_taken << 1 |
				   (uint64_t)e->args[i].returned << 2);
		h = hash_str(h, e->args[i].resource);
	}
	return hash_str(h, e->resource);
}

ol_contracts *ol_contracts_new(void)
{
	ol_contracts *set = ol_xcalloc(1, sizeof *set);
	set->a = ol_arena_new();
	return set;
}

void ol_contracts_free(ol_contracts *set)
{
	if (!set)
		return;
	OL_VEC_FREE(&set->items);
	OL_VEC_FREE(&set->regs);
	free(set->reg_index);
	free(set->calls);
	free(set->index);
	ol_arena_free(set->a);
	free(set);
}

static size_t slot_of(const ol_contracts *set, const char *name)
{
	size_t j = hash_str(1469598103934665603ull, name) & (set->cap - 1);
	while (set->index[j] &&
	       strcmp(set->items.items[set->index[j] - 1].c.name, name))
		j = (j + 1) & (set->cap - 1);
	return j;
}

static void reindex(ol_contracts *set)
{
	size_t cap = set->cap ? set->cap * 2 : 64;
	while (cap < set->items.len * 2 + 2)
		cap *= 2;
	free(set->index);
	set->index = ol_xcalloc(cap, sizeof *set->index);
	set->cap = cap;
	for (size_t i = 0; i < set->items.len; i++) {
		size_t j = slot_of(set, set->items.items[i].c.name);
		if (!set->index[j])
			set->index[j] = i + 1;
	}
}

// Links the contract at position `at` after the last one of its name.
static void chain(ol_contracts *set, size_t at)
{
	size_t j = slot_of(set, set->items.items[at].c.name);
	if (!set->index[j]) {
		set->index[j] = at + 1;
		return;
	}
	size_t k = set->index[j] - 1;
	while (set->items.items[k].next)
		k = set->items.items[k].next - 1;
	if (k != at)
		set->items.items[k].next = at + 1;
}

void ol_contracts_add(ol_contracts *set, const ol_contract *c)
{
	ol_contract x = *c;
	ol_arena *a = set->a;
	x.name = ol_arena_strdup(a, c->name);
	x.sig = ol_arena_strdup(a, c->sig);
	x.overload = ol_arena_strdup(a, c->overload);
	x.loc.file = ol_arena_strdup(a, c->loc.file);
	x.entry.name = x.name;
	x.entry.family = "contract";
	x.entry.resource = ol_arena_strdup(a, c->entry.resource);
	x.entry.file = x.loc.file;
	x.entry.doc = NULL;
	x.entry.fails_when.text = NULL;
	x.entry.acquired_when.text = NULL;
	x.entry.nreleases_with = x.entry.nnonnull_from = 0;
	x.entry.releases_with = x.entry.nonnull_from = NULL;
	ol_kb_arg *args = OL_NEW_ARRAY(a, ol_kb_arg, c->entry.nargs + 1);
	for (size_t i = 0; i < c->entry.nargs; i++) {
		args[i] = c->entry.args[i];
		args[i].resource = ol_arena_strdup(a, c->entry.args[i].resource);
	}
	x.entry.args = args;
	x.flag_field = x.flag_field ? ol_arena_strdup(a, x.flag_field) : NULL;
	if (!x.flag_field)
		x.flag_param = -1;
	x.hash = effects_hash(&x.entry);
	if (x.flag_field)
		x.hash = hash_str(x.hash ^ (uint64_t)(x.flag_param + 1),
				  x.flag_field);
	chained ch = {x, 0};
	OL_VEC_PUSH(&set->items, ch);
	if ((set->items.len + 1) * 2 > set->cap)
		reindex(set); // first positions; the chains stay valid
	chain(set, set->items.len - 1);
}

// The slot of `name` in the registrations' index: the one holding its
// first registration, or the empty one where it would go.
static size_t reg_slot(const ol_contracts *set, const char *name)
{
	size_t j = hash_str(1469598103934665603ull, name) & (set->reg_cap - 1);
	while (set->reg_index[j] &&
	       strcmp(set->regs.items[set->reg_index[j] - 1].func, name))
		j = (j + 1) & (set->reg_cap - 1);
	return j;
}

void ol_contracts_register(ol_contracts *set, const ol_registration_fact *r)
{
	ol_registration_fact x = *r;
	x.func = ol_arena_strdup(set->a, r->func);
	x.role = ol_arena_strdup(set->a, r->role);
	OL_VEC_PUSH(&set->regs, x);
	if ((set->regs.len + 1) * 2 > set->reg_cap) {
		free(set->reg_index);
		set->reg_cap = set->reg_cap ? set->reg_cap * 2 : 64;
		set->reg_index = ol_xcalloc(set->reg_cap, sizeof(size_t));
		for (size_t i = 0; i + 1 < set->regs.len; i++) {
			size_t j = reg_slot(set, set->regs.items[i].func);
			if (!set->reg_index[j])
				set->reg_index[j] = i + 1;
		}
	}
	size_t j = reg_slot(set, x.func);
	if (!set->reg_index[j])
		set->reg_index[j] = set->regs.len;
}

void ol_contracts_merge(ol_contracts *into, const ol_contracts *from,
			unsigned tu)
{
	for (size_t i = 0; i < from->items.len; i++) {
		ol_contract c = from->items.items[i].c;
		c.tu = tu;
		ol_contracts_add(into, &c);
	}
	for (size_t i = 0; i < from->regs.len; i++) {
		ol_registration_fact r = from->regs.items[i];
		r.tu = tu;
		ol_contracts_register(into, &r);
	}
	if (from->newer_python) {
		if (!into->newer_python)
			into->newer_first = tu;
		else if (into->newer_first != tu)
			into->newer_several = true;
		into->newer_python = true;
	}
}

void ol_contracts_note_newer_python(ol_contracts *set)
{
	set->newer_python = true;
}

bool ol_contracts_newer_python(const ol_contracts *set)
{
	return set && set->newer_python;
}

uint64_t ol_contracts_digest(const ol_contract *c)
{
	uint64_t h = mix(c->hash, c->complete);
	h = mix(h, c->tu);
	h = mix(h, c->loc.line);
	h = hash_str(h, c->sig);
	h = hash_str(h, c->overload);
	return hash_str(h, c->loc.file);
}

const ol_contract *ol_contracts_find(const ol_contracts *set,
				     const char *name, bool *conflict)
{
	if (conflict)
		*conflict = false;
	if (!set || !name || !set->cap)
		return NULL;
	size_t j = slot_of(set, name);
	if (!set->index[j])
		return NULL;
	const ol_contract *first = NULL;
	for (size_t k = set->index[j]; k; k = set->items.items[k - 1].next) {
		const ol_contract *c = &set->items.items[k - 1].c;
		if (c->is_static)
			continue;
		if (!first)
			first = c;
		else if (c->hash != first->hash && conflict)
			*conflict = true;
	}
	return first;
}

const ol_contract *ol_contracts_find_overload(const ol_contracts *set,
					      const char *name,
					      const char *overload)
{
	const ol_contract *first = ol_contracts_find(set, name, NULL);
	if (!first || !overload)
		return first;
	bool typed = false;
	size_t j = slot_of(set, name);
	for (size_t k = set->index[j]; k; k = set->items.items[k - 1].next) {
		const ol_contract *c = &set->items.items[k - 1].c;
		if (c->is_static || !c->overload)
			continue;
		if (!strcmp(c->overload, overload))
			return c;
		typed = true;
	}
	return typed ? NULL : first;
}

uint64_t ol_contracts_digest_name(const ol_contracts *set, const char *name)
{
	const ol_contract *first = ol_contracts_find(set, name, NULL);
	if (!first)
		return 0;
	uint64_t h = ol_contracts_digest(first);
	size_t j = slot_of(set, name);
	for (size_t k = set->index[j]; k; k = set->items.items[k - 1].next) {
		const ol_contract *c = &set->items.items[k - 1].c;
		if (c != first && !c->is_static)
			h = mix(h, ol_contracts_digest(c));
	}
	return h;
}

static struct call_rec *call_slot(struct call_rec *tab, size_t cap,
				   const char *name)
{
	size_t j = hash_str(1469598103934665603ull, name) & (cap - 1);
	while (tab[j].name && strcmp(tab[j].name, name))
		j = (j + 1) & (cap - 1);
	return &tab[j];
}

void ol_contracts_add_call(ol_contracts *set, const char *name, unsigned tu)
{
	if ((set->ncalls + 1) * 2 > set->capcalls) {
		size_t cap = set->capcalls ? set->capcalls * 2 : 256;
		struct call_rec *tab = ol_xcalloc(cap, sizeof *tab);
		for (size_t i = 0; i < set->capcalls; i++)
			if (set->calls[i].name)
				*call_slot(tab, cap, set->calls[i].name) =
					set->calls[i];
		free(set->calls);
		set->calls = tab;
		set->capcalls = cap;
	}
	struct call_rec *r = call_slot(set->calls, set->capcalls, name);
	if (!r->name) {
		r->name = ol_arena_strdup(set->a, name);
		r->first = tu;
		set->ncalls++;
	} else if (r->first != tu) {
		r->several = true;
	}
}

bool ol_contracts_called_elsewhere(const ol_contracts *set, const char *name,
				   unsigned self)
{
	if (!set || !set->capcalls)
		return false;
	const struct call_rec *r = call_slot(set->calls, set->capcalls, name);
	return r->name && (r->several || r->first != self);
}

uint64_t ol_contracts_signature(const ol_contracts *set,
				const char *const *callees, size_t ncallees,
				const char *const *exported, size_t nexported,
				unsigned self)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < ncallees; i++) {
		const ol_contract *c = ol_contracts_find(set, callees[i], NULL);
		h = mix(h, c && c->tu != self ? c->hash : 0);
		// (and its other overloads: a call picks one by its type,
		// ol_contracts_find_overload())
		size_t j = c ? slot_of(set, callees[i]) : 0;
		for (size_t k = c ? set->index[j] : 0; k;
		     k = set->items.items[k - 1].next) {
			const ol_contract *o = &set->items.items[k - 1].c;
			if (o != c && !o->is_static && o->tu != self)
				h = hash_str(mix(h, o->hash), o->overload);
		}
	}
	for (size_t i = 0; i < nexported; i++) {
		const ol_registration_fact *r =
			ol_contracts_registered(set, exported[i]);
		h = mix(h, r && r->tu != self ? 1 + (uint64_t)r->teardown : 0);
		h = mix(h, ol_contracts_called_elsewhere(set, exported[i],
							 self));
	}
	// (what another file says of the Python the project is written for)
	return mix(h, set && set->newer_python &&
			      (set->newer_several || set->newer_first != self));
}

const ol_registration_fact *ol_contracts_registered(const ol_contracts *set,
						    const char *name)
{
	if (!set || !name || !set->reg_cap)
		return NULL;
	size_t j = reg_slot(set, name);
	return set->reg_index[j] ? &set->regs.items[set->reg_index[j] - 1]
				 : NULL;
}

size_t ol_contracts_count(const ol_contracts *set)
{
	return set ? set->items.len : 0;
}

const ol_contract *ol_contracts_at(const ol_contracts *set, size_t i)
{
	return &set->items.items[i].c;
}

size_t ol_contracts_registration_count(const ol_contracts *set)
{
	return set ? set->regs.len : 0;
}

const ol_registration_fact *ol_contracts_registration_at(
	const ol_contracts *set, size_t i)
{
	return &set->regs.items[i];
}

/* ------------------------------------------------------------------ */
/* --dump-contracts and --emit-rules                                   */

static const char *effect_word(ol_kb_effect e)
{
	return ol_kb_effect_name(e);
}

// "ret == NULL", "ret < 0", "never": a condition in the rules files'
// spelling.
static void add_cond(ol_strbuf *b, const ol_kb_cond *c)
{
	static const char *const op[] = {
		[OL_KB_CMP_EQ] = "==", [OL_KB_CMP_NE] = "!=",
		[OL_KB_CMP_LT] = "<",  [OL_KB_CMP_LE] = "<=",
		[OL_KB_CMP_GT] = ">",  [OL_KB_CMP_GE] = ">=",
	};
	if (c->cmp == OL_KB_CMP_NEVER || c->cmp == OL_KB_CMP_UNKNOWN)
		ol_strbuf_add(b, "\"never\"");
	else if (c->cmp == OL_KB_CMP_ALWAYS)
		ol_strbuf_add(b, "\"always\"");
	else if (c->is_null)
		ol_strbuf_printf(b, "\"ret %s NULL\"", op[c->cmp]);
	else
		ol_strbuf_printf(b, "\"ret %s %lld\"", op[c->cmp], c->value);
}

static void add_args(ol_strbuf *b, const ol_kb_entry *e)
{
	ol_strbuf_addc(b, '[');
	for (size_t i = 0; i < e->nargs; i++) {
		const ol_kb_arg *a = &e->args[i];
		if (i)
			ol_strbuf_add(b, ", ");
		ol_strbuf_printf(b, "{\"effect\": \"%s\"",
				 effect_word(a->effect));
		if (a->resource && strcmp(a->resource, e->resource)) {
			ol_strbuf_add(b, ", \"resource\": ");
			ol_strbuf_json_str(b, a->resource);
		}
		if (a->writes)
			ol_strbuf_add(b, ", \"writes\": true");
		ol_strbuf_addc(b, '}');
	}
	ol_strbuf_addc(b, ']');
}

// What a contract says of its result and arguments, as rules-file keys:
// `, "ret": ..., "args": [...], "fails_when": ...`.
static void add_effects(ol_strbuf *b, const ol_kb_entry *e)
{
	ol_strbuf_printf(b, ", \"ret\": \"%s\"", ol_kb_ret_name(e->ret));
	if (e->returns_arg >= 0)
		ol_strbuf_printf(b, ", \"returns_arg\": %d", e->returns_arg);
	ol_strbuf_add(b, ", \"args\": ");
	add_args(b, e);
	ol_strbuf_add(b, ", \"fails_when\": ");
	add_cond(b, &e->fails_when);
}

void ol_contracts_dump_json(const ol_contracts *set, ol_strbuf *b)
{
	ol_strbuf_add(b, "{\n  \"version\": 1,\n  \"contracts\": [");
	for (size_t i = 0; i < set->items.len; i++) {
		const ol_contract *c = &set->items.items[i].c;
		const ol_kb_entry *e = &c->entry;
		bool conflict = false;
		if (!c->is_static)
			ol_contracts_find(set, c->name, &conflict);
		ol_strbuf_add(b, i ? ",\n    {" : "\n    {");
		ol_strbuf_add(b, "\"name\": ");
		ol_strbuf_json_str(b, c->name);
		ol_strbuf_add(b, ", \"file\": ");
		ol_strbuf_json_str(b, c->loc.file);
		ol_strbuf_printf(b, ", \"line\": %u, \"static\": %s, "
				 "\"source\": \"body\", \"complete\": %s",
				 c->loc.line, c->is_static ? "true" : "false",
				 c->complete ? "true" : "false");
		add_effects(b, e);
		ol_strbuf_printf(b, ", \"runs_python\": %s, \"conflict\": %s}",
				 e->runs_python ? "true" : "false",
				 conflict ? "true" : "false");
	}
	ol_strbuf_add(b, "\n  ],\n  \"registrations\": [");
	for (size_t i = 0; i < set->regs.len; i++) {
		const ol_registration_fact *r = &set->regs.items[i];
		ol_strbuf_add(b, i ? ",\n    {" : "\n    {");
		ol_strbuf_add(b, "\"function\": ");
		ol_strbuf_json_str(b, r->func);
		ol_strbuf_add(b, ", \"role\": ");
		ol_strbuf_json_str(b, r->role);
		ol_strbuf_printf(b, ", \"teardown\": %s}",
				 r->teardown ? "true" : "false");
	}
	ol_strbuf_add(b, "\n  ]\n}\n");
}

void ol_contracts_write_rules(const ol_contracts *set, ol_strbuf *b)
{
	ol_strbuf_add(b, "{\n \"family\": \"project\",\n \"resource\": "
		      "\"pyref\",\n \"comment\": \"What this project's exported "
		      "functions do to references, as their bodies say; "
		      "written by mojo-ownlint --emit-rules for projects that "
		      "call them (pass it with --rules).\",\n \"functions\": [");
	bool first = true;
	for (size_t i = 0; i < set->items.len; i++) {
		const ol_contract *c = &set->items.items[i].c;
		bool conflict = false;
		// Exported, complete, and the first of its name: a rules file
		// holds one entry per name.
		if (c->is_static || !c->complete ||
		    ol_contracts_find(set, c->name, &conflict) != c)
			continue;
		const ol_kb_entry *e = &c->entry;
		ol_strbuf_add(b, first ? "\n  {" : ",\n  {");
		first = false;
		ol_strbuf_add(b, "\"name\": ");
		ol_strbuf_json_str(b, c->name);
		add_effects(b, e);
		if (e->runs_python)
			ol_strbuf_add(b, ", \"runs_python\": true");
		if (e->error_probe)
			ol_strbuf_printf(b, ", \"error_probe\": %lld",
					 e->error_probe_set);
		if (e->passthrough_unless_error)
			ol_strbuf_printf(b, ", \"passthrough_unless_error\": "
					 "%u", e->passthrough_unless_error - 1);
		ol_strbuf_add(b, "}");
	}
	ol_strbuf_add(b, "\n ]\n}\n");
}

/* ------------------------------------------------------------------ */
/* Records, for the cache                                              */

static void write_cond(ol_strbuf *b, const ol_kb_cond *c)
{
	ol_ser_int(b, c->cmp);
	ol_ser_int(b, c->is_null);
	ol_ser_int(b, c->value);
	ol_ser_int(b, c->exc);
}

static void read_cond(ol_deser *r, ol_kb_cond *c)
{
	long long cmp = ol_deser_int(r);
	if (cmp < OL_KB_CMP_UNKNOWN || cmp > OL_KB_CMP_GE)
		r->bad = true;
	c->cmp = (ol_kb_cmp)cmp;
	c->is_null = ol_deser_int(r) != 0;
	c->value = ol_deser_int(r);
	long long exc = ol_deser_int(r);
	if (exc < OL_KB_EXC_SET || exc > OL_KB_EXC_MAYBE)
		r->bad = true;
	c->exc = (ol_kb_exc)exc;
	c->text = NULL;
}

void ol_contracts_write(const ol_contracts *set, ol_strbuf *b)
{
	ol_ser_int(b, (long long)set->items.len);
	for (size_t i = 0; i < set->items.len; i++) {
		const ol_contract *c = &set->items.items[i].c;
		const ol_kb_entry *e = &c->entry;
		ol_ser_str(b, c->name);
		ol_ser_str(b, c->loc.file);
		ol_ser_int(b, c->loc.line);
		ol_ser_int(b, c->loc.col);
		ol_ser_int(b, c->is_static);
		ol_ser_int(b, c->complete);
		ol_ser_str(b, c->sig);
		ol_ser_str(b, c->overload);
		ol_ser_str(b, e->resource);
		ol_ser_int(b, e->ret);
		ol_ser_int(b, e->returns_arg);
		ol_ser_int(b, e->borrowed_from);
		ol_ser_int(b, e->runs_python);
		// (bit 1: a result that is Py_True or Py_False; bit 2: an int
		// result never 0; bits 3 to 18: passthrough_unless_error; bit
		// 19: an int result always 0)
		ol_ser_int(b, (long long)e->held_elsewhere |
				      (long long)e->cached_result << 1 |
				      (long long)e->ret_nonzero << 2 |
				      (long long)e->passthrough_unless_error
					      << 3 |
				      (long long)e->ret_zero << 19);
		ol_ser_int(b, e->error_probe);
		ol_ser_int(b, e->error_probe_set);
		ol_ser_int(b, c->flag_param);
		ol_ser_str(b, c->flag_field);
		write_cond(b, &e->fails_when);
		write_cond(b, &e->acquired_when);
		ol_ser_int(b, (long long)e->nargs);
		for (size_t k = 0; k < e->nargs; k++) {
			ol_ser_int(b, e->args[k].effect);
			ol_ser_int(b, (long long)e->args[k].writes |
					      (long long)e->args[k].flag_taken
						      << 1 |
					      (long long)e->args[k].returned
						      << 2);
			ol_ser_str(b, e->args[k].resource);
		}
	}
	ol_ser_int(b, (long long)set->regs.len);
	for (size_t i = 0; i < set->regs.len; i++) {
		ol_ser_str(b, set->regs.items[i].func);
		ol_ser_str(b, set->regs.items[i].role);
		ol_ser_int(b, set->regs.items[i].teardown);
	}
	ol_ser_int(b, set->newer_python);
}

bool ol_contracts_read(ol_contracts *set, ol_deser *r)
{
	size_t n = ol_deser_count(r, (size_t)1 << 24);
	for (size_t i = 0; i < n && !r->bad; i++) {
		ol_contract c = {0};
		ol_kb_entry *e = &c.entry;
		c.name = ol_deser_str_in(r, set->a);
		c.loc.file = ol_deser_str_in(r, set->a);
		c.loc.line = (unsigned)ol_deser_int(r);
		c.loc.col = (unsigned)ol_deser_int(r);
		c.is_static = ol_deser_int(r) != 0;
		c.complete = ol_deser_int(r) != 0;
		c.sig = ol_deser_str_in(r, set->a);
		c.overload = ol_deser_str_in(r, set->a);
		e->resource = ol_deser_str_in(r, set->a);
		long long ret = ol_deser_int(r);
		if (ret < 0 || ret >= OL_KB_RET__COUNT)
			r->bad = true;
		e->ret = (ol_kb_ret)ret;
		ol_kb_entry_no_indexes(e);
		e->returns_arg = (int)ol_deser_int(r);
		e->borrowed_from = (int)ol_deser_int(r);
		e->runs_python = ol_deser_int(r) != 0;
		long long held = ol_deser_int(r);
		e->held_elsewhere = (held & 1) != 0;
		e->cached_result = (held & 2) != 0;
		e->ret_nonzero = (held & 4) != 0;
		e->passthrough_unless_error = (unsigned)((held >> 3) & 0xffff);
		e->ret_zero = (held >> 19 & 1) != 0;
		e->error_probe = ol_deser_int(r) != 0;
		e->error_probe_set = ol_deser_int(r);
		c.flag_param = (int)ol_deser_int(r);
		c.flag_field = ol_deser_str_in(r, set->a);
		read_cond(r, &e->fails_when);
		read_cond(r, &e->acquired_when);
		e->nargs = ol_deser_count(r, 4096);
		ol_kb_arg *args = OL_NEW_ARRAY(set->a, ol_kb_arg, e->nargs + 1);
		for (size_t k = 0; k < e->nargs && !r->bad; k++) {
			long long eff = ol_deser_int(r);
			if (eff < 0 || eff >= OL_KB_ARG__COUNT)
				r->bad = true;
			args[k].effect = (ol_kb_effect)eff;
			long long w = ol_deser_int(r);
			args[k].writes = (w & 1) != 0;
			args[k].flag_taken = (w & 2) != 0;
			args[k].returned = (w & 4) != 0;
			args[k].resource = ol_deser_str_in(r, set->a);
		}
		e->args = args;
		if (!c.name || !e->resource)
			r->bad = true;
		if (!r->bad)
			ol_contracts_add(set, &c);
	}
	n = ol_deser_count(r, (size_t)1 << 24);
	for (size_t i = 0; i < n && !r->bad; i++) {
		ol_registration_fact x = {0};
		char *func = ol_deser_str(r), *role = ol_deser_str(r);
		x.func = func;
		x.role = role;
		x.teardown = ol_deser_int(r) != 0;
		if (!func || !role)
			r->bad = true;
		if (!r->bad)
			ol_contracts_register(set, &x);
		free(func);
		free(role);
	}
	set->newer_python = ol_deser_int(r) != 0;
	return !r->bad;
}
