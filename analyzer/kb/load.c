/*
 * load.c — reads the rules/ JSON files into an ol_kb and answers lookups.
 *
 * The loader is strict on purpose: a typo in a rules file
 * must be an error naming the file and the entry, never a silently ignored
 * key that changes what the analyzer believes. Validation of a file is
 * complete before any of its entries is published, so a bad user file
 * leaves the shipped entries intact.
 *
 * Lookup is an open-addressing hash table keyed by function name; it runs
 * once per call expression, so it avoids allocation and does one strcmp
 * per probe. Entries and strings live in the kb's arena.
 *
 * This is the only file that includes json-c. It does not
 * interpret format strings or decide semantics: it only checks spelling
 * and consistency of the data.
 */
#include "kb.h"
#include "kb_int.h"

#include "../base/arena.h"
#include "../base/strbuf.h"
#include "../base/vec.h"
#include "../ol.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <json-c/json.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef OL_SOURCE_ROOT
#define OL_SOURCE_ROOT "."
#endif

#define EMPTY_SLOT ((size_t)-1)

struct ol_kb {
	ol_arena *arena;
	OL_VEC(ol_kb_entry *) entries; // first-definition order
	size_t *slots;                 // indexes into entries, or EMPTY_SLOT
	size_t cap;                    // power of two, 0 before the first insert
};

static const char *const effect_names[] = {
#define KB_EFFECT(e, s, d) s,
#include "effects.def"
#undef KB_EFFECT
};

static const char *const ret_names[] = {
#define KB_RET(e, s, d) s,
#include "returns.def"
#undef KB_RET
};

/* --- the table ---------------------------------------------------------- */

int ol_kb_new(ol_kb **out)
{
	OL_ASSERT(out);
	ol_kb *kb = ol_xcalloc(1, sizeof(*kb));
	kb->arena = ol_arena_new();
	*out = kb;
	return OL_OK;
}

void ol_kb_free(ol_kb *kb)
{
	if (!kb)
		return;
	OL_VEC_FREE(&kb->entries);
	free(kb->slots);
	ol_arena_free(kb->arena);
	free(kb);
}

// FNV-1a: short keys, no allocation, good enough spread for ~1000 names.
static size_t hash_name(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return (size_t)h;
}

static size_t *find_slot(size_t *slots, size_t cap, ol_kb_entry *const *items,
			 const char *name)
{
	size_t i = hash_name(name) & (cap - 1);
	while (slots[i] != EMPTY_SLOT && strcmp(items[slots[i]]->name, name))
		i = (i + 1) & (cap - 1);
	return &slots[i];
}

static void grow_table(ol_kb *kb)
{
	size_t cap = kb->cap ? kb->cap * 2 : 256;
	size_t *slots = ol_xmalloc(cap * sizeof(*slots));
	for (size_t i = 0; i < cap; i++)
		slots[i] = EMPTY_SLOT;
	for (size_t j = 0; j < kb->entries.len; j++)
		*find_slot(slots, cap, kb->entries.items,
			   kb->entries.items[j]->name) = j;
	free(kb->slots);
	kb->slots = slots;
	kb->cap = cap;
}

// Later definitions replace earlier ones in place (user --rules files
// override shipped entries) and keep the first position for dumps.
static void insert_entry(ol_kb *kb, ol_kb_entry *e)
{
	if ((kb->entries.len + 1) * 2 > kb->cap)
		grow_table(kb);
	size_t *slot = find_slot(kb->slots, kb->cap, kb->entries.items, e->name);
	if (*slot != EMPTY_SLOT) {
		kb->entries.items[*slot] = e;
		return;
	}
	*slot = kb->entries.len;
	OL_VEC_PUSH(&kb->entries, e);
}

void ol_kb_add_entry(ol_kb *kb, ol_kb_entry *e)
{
	OL_ASSERT(kb && e && e->name);
	insert_entry(kb, e);
}

ol_arena *ol_kb_arena(ol_kb *kb)
{
	return kb->arena;
}

const ol_kb_entry *ol_kb_lookup(const ol_kb *kb, const char *name)
{
	OL_ASSERT(kb && name);
	if (!kb->cap)
		return NULL;
	size_t i = hash_name(name) & (kb->cap - 1);
	while (kb->slots[i] != EMPTY_SLOT) {
		const ol_kb_entry *e = kb->entries.items[kb->slots[i]];
		if (!strcmp(e->name, name))
			return e;
		i = (i + 1) & (kb->cap - 1);
	}
	return NULL;
}

size_t ol_kb_count(const ol_kb *kb)
{
	return kb->entries.len;
}

const ol_kb_entry *ol_kb_at(const ol_kb *kb, size_t i)
{
	OL_ASSERT(i < kb->entries.len);
	return kb->entries.items[i];
}

void ol_kb_entry_no_indexes(ol_kb_entry *e)
{
	e->borrowed_from = e->returns_arg = e->format_arg = -1;
	e->small_int_arg = -1;
	e->nonnull_if_arg = -1;
	e->none_if_arg = -1;
	e->queries_arg = -1;
	e->over_arg = e->gives_memory_arg = e->gives_memory_flag_arg = -1;
	e->writeback_flag_arg = e->resolves_writeback_arg = -1;
}

ol_kb_effect ol_kb_arg_effect(const ol_kb_entry *e, size_t i)
{
	return i < e->nargs ? e->args[i].effect : OL_KB_ARG_BORROW;
}

const char *ol_kb_effect_name(ol_kb_effect eff)
{
	OL_ASSERT(eff < OL_KB_ARG__COUNT);
	return effect_names[eff];
}

const char *ol_kb_ret_name(ol_kb_ret ret)
{
	OL_ASSERT(ret < OL_KB_RET__COUNT);
	return ret_names[ret];
}

/* --- parsing one file ---------------------------------------------------- */

// Per-file parse context; `where` names the entry being read in messages.
typedef struct load_ctx {
	ol_kb *kb;
	const char *path;  // as given, for messages
	const char *file;  // arena copy stored in entries
	const char *family;
	const char *resource; // file default, may be NULL
	json_object *constants;
	char where[256];
} load_ctx;

#define KB_ERR(ctx, ...) kb_err((ctx), __VA_ARGS__)

__attribute__((format(printf, 2, 3)))
static int kb_err(const load_ctx *ctx, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (ctx->where[0])
		return ol_error_set(OL_EKB, "%s: %s: %s", ctx->path, ctx->where,
				    msg);
	return ol_error_set(OL_EKB, "%s: %s", ctx->path, msg);
}

static const char *type_name(json_object *v)
{
	return json_type_to_name(json_object_get_type(v));
}

static int check_keys(const load_ctx *ctx, json_object *obj,
		      const char *const *allowed)
{
	json_object_object_foreach(obj, key, val) {
		(void)val;
		bool ok = false;
		for (const char *const *a = allowed; *a && !ok; a++)
			ok = !strcmp(*a, key);
		if (!ok)
			return KB_ERR(ctx, "unknown key '%s'", key);
	}
	return OL_OK;
}

static int get_string(const load_ctx *ctx, json_object *v, const char *key,
		      const char **out)
{
	if (!json_object_is_type(v, json_type_string))
		return KB_ERR(ctx, "'%s' must be a string, not %s", key,
			      type_name(v));
	*out = ol_arena_strdup(ctx->kb->arena, json_object_get_string(v));
	return OL_OK;
}

static int get_bool(const load_ctx *ctx, json_object *v, const char *key,
		    bool *out)
{
	if (!json_object_is_type(v, json_type_boolean))
		return KB_ERR(ctx, "'%s' must be true or false, not %s", key,
			      type_name(v));
	*out = json_object_get_boolean(v);
	return OL_OK;
}

// "error_indicator": "sets", "clears" or "changes".
static int get_error_indicator(const load_ctx *ctx, json_object *v,
			       uint8_t *out)
{
	static const char *const names[] = {"sets", "clears", "changes"};
	static const uint8_t values[] = {OL_KB_ERR_SETS, OL_KB_ERR_CLEARS,
					 OL_KB_ERR_CHANGES};
	const char *s = json_object_is_type(v, json_type_string)
				? json_object_get_string(v) : NULL;
	for (size_t i = 0; s && i < sizeof names / sizeof *names; i++)
		if (!strcmp(s, names[i])) {
			*out = values[i];
			return OL_OK;
		}
	return KB_ERR(ctx, "'error_indicator' must be \"sets\", \"clears\" "
		      "or \"changes\", not %s", s ? s : type_name(v));
}

static int get_index(const load_ctx *ctx, json_object *v, const char *key,
		     int *out)
{
	if (!json_object_is_type(v, json_type_int))
		return KB_ERR(ctx, "'%s' must be an argument index, not %s",
			      key, type_name(v));
	int64_t n = json_object_get_int64(v);
	if (n < 0 || n > 64)
		return KB_ERR(ctx, "'%s' out of range: %lld", key,
			      (long long)n);
	*out = (int)n;
	return OL_OK;
}

// "steals_only_if": [ARG, VALUE]: the stealing arguments steal only when
// argument ARG is the integer VALUE.
static int parse_steal_if(const load_ctx *ctx, json_object *v,
			  ol_kb_entry *e)
{
	const char *key = "steals_only_if";
	if (!json_object_is_type(v, json_type_array) ||
	    json_object_array_length(v) != 2 ||
	    !json_object_is_type(json_object_array_get_idx(v, 1),
				 json_type_int))
		return KB_ERR(ctx, "'%s' must be [argument index, integer]",
			      key);
	e->steal_if = true;
	e->steal_if_val = json_object_get_int64(json_object_array_get_idx(v, 1));
	return get_index(ctx, json_object_array_get_idx(v, 0), key,
			 &e->steal_if_arg);
}

// "steals_with_destroy": [DATA, FN]: a pointer and the function that
// releases it, handed over together (engine/handoff.c).
static int parse_steals_with_destroy(const load_ctx *ctx, json_object *v,
				     ol_kb_entry *e)
{
	const char *key = "steals_with_destroy";
	int error;
	if (!json_object_is_type(v, json_type_array) ||
	    json_object_array_length(v) != 2)
		return KB_ERR(ctx, "'%s' must be [data argument index, "
			      "destroy function argument index]", key);
	if ((error = get_index(ctx, json_object_array_get_idx(v, 0), key,
			       &e->destroy_data_arg)) ||
	    (error = get_index(ctx, json_object_array_get_idx(v, 1), key,
			       &e->destroy_fn_arg)))
		return error;
	if (e->destroy_data_arg == e->destroy_fn_arg)
		return KB_ERR(ctx, "'%s' names argument %d twice", key,
			      e->destroy_data_arg);
	e->steals_with_destroy = true;
	return OL_OK;
}

// "nonnull_if_arg_in": [ARG, LO, HI]: the call cannot fail when argument
// ARG is known to be an integer from LO to HI.
static int parse_nonnull_in(const load_ctx *ctx, json_object *v,
			    ol_kb_entry *e)
{
	const char *key = "nonnull_if_arg_in";
	if (!json_object_is_type(v, json_type_array) ||
	    json_object_array_length(v) != 3 ||
	    !json_object_is_type(json_object_array_get_idx(v, 1),
				 json_type_int) ||
	    !json_object_is_type(json_object_array_get_idx(v, 2),
				 json_type_int))
		return KB_ERR(ctx, "'%s' must be [argument index, lowest, "
			      "highest]", key);
	e->nonnull_lo = json_object_get_int64(json_object_array_get_idx(v, 1));
	e->nonnull_hi = json_object_get_int64(json_object_array_get_idx(v, 2));
	return get_index(ctx, json_object_array_get_idx(v, 0), key,
			 &e->nonnull_if_arg);
}

// "none_if_arg": [ARG, VALUE]: the result is None (or NULL) when argument
// ARG is known to hold VALUE.
static int parse_none_if(const load_ctx *ctx, json_object *v, ol_kb_entry *e)
{
	const char *key = "none_if_arg";
	if (!json_object_is_type(v, json_type_array) ||
	    json_object_array_length(v) != 2 ||
	    !json_object_is_type(json_object_array_get_idx(v, 1),
				 json_type_int))
		return KB_ERR(ctx, "'%s' must be [argument index, value]", key);
	e->none_if_val = json_object_get_int64(json_object_array_get_idx(v, 1));
	return get_index(ctx, json_object_array_get_idx(v, 0), key,
			 &e->none_if_arg);
}

// "fails_only_out_of_range": [CONTAINER, INDEX]: the call fails only
// when CONTAINER is not one the caller made and holds alone, or INDEX is
// not below its length.
static int parse_in_range(const load_ctx *ctx, json_object *v,
			  ol_kb_entry *e)
{
	const char *key = "fails_only_out_of_range";
	int cont = -1, error;
	if (!json_object_is_type(v, json_type_array) ||
	    json_object_array_length(v) != 2)
		return KB_ERR(ctx, "'%s' must be [container argument index, "
			      "index argument index]", key);
	if ((error = get_index(ctx, json_object_array_get_idx(v, 0), key,
			       &cont)) ||
	    (error = get_index(ctx, json_object_array_get_idx(v, 1), key,
			       &e->in_range_index)))
		return error;
	if (cont == e->in_range_index)
		return KB_ERR(ctx, "'%s' names argument %d twice", key, cont);
	e->in_range_cont1 = cont + 1;
	return OL_OK;
}

// A flag test, [argument index, bits] ("gives_memory_if_flag": the
// hand-off happens only when that argument may have those bits;
// "writeback_if_flag": the obligation holds when it is known to).
static int parse_flag_test(const load_ctx *ctx, json_object *v,
			   const char *key, int *arg, long long *bits)
{
	if (!json_object_is_type(v, json_type_array) ||
	    json_object_array_length(v) != 2 ||
	    !json_object_is_type(json_object_array_get_idx(v, 1),
				 json_type_int))
		return KB_ERR(ctx, "'%s' must be [argument index, bits]", key);
	*bits = json_object_get_int64(json_object_array_get_idx(v, 1));
	return get_index(ctx, json_object_array_get_idx(v, 0), key, arg);
}

static bool is_ident(const char *s)
{
	if (!*s || !(isalpha((unsigned char)*s) || *s == '_'))
		return false;
	for (; *s; s++)
		if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '-'))
			return false;
	return true;
}

static int get_kind(const load_ctx *ctx, json_object *v, const char *key,
		    const char **out)
{
	int error = get_string(ctx, v, key, out);
	// "*" (an argument's effect applies to every kind) is allowed too.
	if (!error && strcmp(*out, "*") && !is_ident(*out))
		error = KB_ERR(ctx, "'%s' must be a resource kind name, not '%s'",
			       key, *out);
	return error;
}

static int lookup_word(const load_ctx *ctx, const char *key, const char *word,
		       const char *const *names, size_t n, int *out)
{
	for (size_t i = 0; i < n; i++) {
		if (!strcmp(names[i], word)) {
			*out = (int)i;
			return OL_OK;
		}
	}
	return KB_ERR(ctx, "unknown %s '%s'", key, word);
}

/* --- conditions: "ret <op> <operand> [(no|maybe exception)]" ------------- */

static const struct {
	const char *name;
	long long value;
} builtin_constants[] = {
	{ "cudaSuccess", 0 },
	{ "CUDA_SUCCESS", 0 },
	{ "NULL", 0 },
};

static int resolve_constant(const load_ctx *ctx, const char *word,
			    long long *out)
{
	json_object *v;
	if (ctx->constants && json_object_object_get_ex(ctx->constants, word, &v)) {
		*out = json_object_get_int64(v);
		return OL_OK;
	}
	for (size_t i = 0; i < sizeof builtin_constants / sizeof *builtin_constants; i++) {
		if (!strcmp(builtin_constants[i].name, word)) {
			*out = builtin_constants[i].value;
			return OL_OK;
		}
	}
	return KB_ERR(ctx, "unknown constant '%s' in condition", word);
}

static int parse_cond(const load_ctx *ctx, json_object *v, const char *key,
		      ol_kb_cond *out)
{
	const char *text;
	int error = get_string(ctx, v, key, &text);
	if (error)
		return error;
	memset(out, 0, sizeof *out);
	out->text = text;

	char buf[128];
	if (strlen(text) >= sizeof buf)
		return KB_ERR(ctx, "'%s' too long", key);
	strcpy(buf, text);
	char *end = buf + strlen(buf);

	// Trailing "(no exception)" / "(maybe exception)".
	char *paren = strchr(buf, '(');
	if (paren) {
		if (!strcmp(paren, "(no exception)"))
			out->exc = OL_KB_EXC_NONE;
		else if (!strcmp(paren, "(maybe exception)"))
			out->exc = OL_KB_EXC_MAYBE;
		else
			return KB_ERR(ctx, "unknown %s qualifier '%s'", key, paren);
		end = paren;
	}
	while (end > buf && isspace((unsigned char)end[-1]))
		end--;
	*end = 0;

	if (!strcmp(buf, "never") || !strcmp(buf, "always")) {
		out->cmp = buf[0] == 'n' ? OL_KB_CMP_NEVER : OL_KB_CMP_ALWAYS;
		return OL_OK;
	}

	static const struct {
		const char *op;
		ol_kb_cmp cmp;
	} ops[] = { { "==", OL_KB_CMP_EQ }, { "!=", OL_KB_CMP_NE },
		    { "<=", OL_KB_CMP_LE }, { ">=", OL_KB_CMP_GE },
		    { "<", OL_KB_CMP_LT },  { ">", OL_KB_CMP_GT } };
	char lhs[16], op[4], rhs[64], extra[2];
	if (sscanf(buf, " %15[a-z] %3[=!<>] %63[A-Za-z0-9_+-] %1s", lhs, op, rhs,
		   extra) != 3 || strcmp(lhs, "ret"))
		return KB_ERR(ctx, "cannot parse %s '%s' (want e.g. 'ret == NULL', "
			      "'ret < 0', 'never')", key, text);
	out->cmp = OL_KB_CMP_UNKNOWN;
	for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
		if (!strcmp(op, ops[i].op))
			out->cmp = ops[i].cmp;
	if (out->cmp == OL_KB_CMP_UNKNOWN)
		return KB_ERR(ctx, "unknown operator '%s' in %s '%s'", op, key, text);

	char *num_end;
	errno = 0;
	long long n = strtoll(rhs, &num_end, 0);
	if (!*num_end && num_end != rhs && !errno) {
		out->value = n;
	} else if (!strcmp(rhs, "NULL")) {
		out->is_null = true;
		if (out->cmp != OL_KB_CMP_EQ && out->cmp != OL_KB_CMP_NE)
			return KB_ERR(ctx, "%s '%s': NULL only compares with == "
				      "or !=", key, text);
	} else {
		error = resolve_constant(ctx, rhs, &out->value);
	}
	return error;
}

// acquired_when defaults to "the call did not fail".
static ol_kb_cond negate(ol_arena *a, const ol_kb_cond *c)
{
	static const ol_kb_cmp inv[] = {
		[OL_KB_CMP_UNKNOWN] = OL_KB_CMP_ALWAYS,
		[OL_KB_CMP_NEVER] = OL_KB_CMP_ALWAYS,
		[OL_KB_CMP_ALWAYS] = OL_KB_CMP_NEVER,
		[OL_KB_CMP_EQ] = OL_KB_CMP_NE, [OL_KB_CMP_NE] = OL_KB_CMP_EQ,
		[OL_KB_CMP_LT] = OL_KB_CMP_GE, [OL_KB_CMP_GE] = OL_KB_CMP_LT,
		[OL_KB_CMP_LE] = OL_KB_CMP_GT, [OL_KB_CMP_GT] = OL_KB_CMP_LE,
	};
	static const char *const spell[] = {
		[OL_KB_CMP_EQ] = "==", [OL_KB_CMP_NE] = "!=", [OL_KB_CMP_LT] = "<",
		[OL_KB_CMP_LE] = "<=", [OL_KB_CMP_GT] = ">", [OL_KB_CMP_GE] = ">=",
	};
	ol_kb_cond n = *c;
	n.cmp = inv[c->cmp];
	n.exc = OL_KB_EXC_SET;
	if (n.cmp == OL_KB_CMP_ALWAYS)
		n.text = "always";
	else if (n.cmp == OL_KB_CMP_NEVER)
		n.text = "never";
	else if (n.is_null)
		n.text = ol_arena_printf(a, "ret %s NULL", spell[n.cmp]);
	else
		n.text = ol_arena_printf(a, "ret %s %lld", spell[n.cmp], n.value);
	return n;
}

/* --- entries ------------------------------------------------------------ */

static const char *const entry_keys[] = {
	"name", "resource", "ret", "borrowed_from", "returns_arg", "args",
	"fails_when", "acquired_when", "releases_with", "format_arg", "format",
	"small_int_arg", "frees_if_zero_arg", "queries_arg",
	"nonnull_if_arg_zero",
	"nonnull_if_arg_in", "none_if_arg", "length_arg",
	"fails_only_out_of_range",
	"nonnull_on_success",
	"resizes_arg", "over_arg", "gives_memory_arg",
	"gives_memory_if_flag", "writeback_if_flag", "resolves_writeback_arg",
	"gil", "nonnull_args", "runs_python", "runs_python_via",
	"exact_result", "fresh_result", "cached_result",
	"readonly_result", "gil_free",
	"stable_borrow", "pure", "frees_object",
	"held_elsewhere", "held_by_type_arg", "replaced_by_held",
	"error_probe",
	"error_indicator",
	"holds_items", "item_of_arg",
	"nonnull_if_arg0_from", "noreturn",
	"outs_null_with_first", "second_nonnull_with_first",
	"steals_only_if", "steals_with_destroy",
	"throws_via",
	"own_deleter", "macro",
	"exits_caller", "cxx", "calls", "throws",
	"doc", "comment", "since", NULL
};
// C++ library owners (rules/cxx.json): what a member of an owner class
// does to the handle it holds ("cxx"), and whether a call can throw.
static const char *const cxx_names[] = { "none", "destroy", "copy", "steal",
					 "alias", "borrow", "get", "take",
					 "reset", "incref", "decref" };
static const char *const throws_names[] = { "never", "maybe", "always",
					     "if_null" };
static const char *const arg_keys[] = { "effect", "resource", "writes",
					"comment", NULL };
static const char *const format_names[] = { "none", "parse", "build", "printf" };
static const char *const gil_names[] = { "none", "release", "acquire", "restore" };

static int parse_args(load_ctx *ctx, json_object *v, ol_kb_entry *e)
{
	if (!json_object_is_type(v, json_type_array))
		return KB_ERR(ctx, "'args' must be an array, not %s", type_name(v));
	size_t n = json_object_array_length(v);
	ol_kb_arg *args = OL_NEW_ARRAY(ctx->kb->arena, ol_kb_arg, n ? n : 1);
	for (size_t i = 0; i < n; i++) {
		json_object *a = json_object_array_get_idx(v, i);
		json_object *eff = a;
		args[i].resource = e->resource;
		if (json_object_is_type(a, json_type_object)) {
			int error = check_keys(ctx, a, arg_keys);
			if (error)
				return error;
			json_object *r;
			if (json_object_object_get_ex(a, "resource", &r) &&
			    (error = get_kind(ctx, r, "resource", &args[i].resource)))
				return error;
			if (json_object_object_get_ex(a, "writes", &r)) {
				if (!json_object_is_type(r, json_type_boolean))
					return KB_ERR(ctx, "args[%zu]: 'writes' "
						      "must be true or false, "
						      "not %s", i, type_name(r));
				args[i].writes = json_object_get_boolean(r);
			}
			if (!json_object_object_get_ex(a, "effect", &eff))
				return KB_ERR(ctx, "args[%zu]: missing 'effect'", i);
		}
		if (!json_object_is_type(eff, json_type_string))
			return KB_ERR(ctx, "args[%zu] must be an effect string or "
				      "object, not %s", i, type_name(eff));
		int k = 0;
		char what[48];
		snprintf(what, sizeof what, "effect in args[%zu]", i);
		int error = lookup_word(ctx, what, json_object_get_string(eff),
					effect_names, OL_KB_ARG__COUNT, &k);
		if (error)
			return error;
		args[i].effect = (ol_kb_effect)k;
	}
	e->args = args;
	e->nargs = n;
	return OL_OK;
}

// A name or a non-empty array of names (`releases_with`).
static int parse_names(load_ctx *ctx, json_object *v, const char *key,
		       const char *const **out, size_t *nout)
{
	json_object *one = v;
	size_t n = 1;
	if (json_object_is_type(v, json_type_array))
		n = json_object_array_length(v);
	else if (!json_object_is_type(v, json_type_string))
		return KB_ERR(ctx, "'%s' must be a name or an array of names, "
			      "not %s", key, type_name(v));
	if (n == 0)
		return KB_ERR(ctx, "'%s' is empty", key);
	const char **names = OL_NEW_ARRAY(ctx->kb->arena, const char *, n);
	for (size_t i = 0; i < n; i++) {
		if (json_object_is_type(v, json_type_array))
			one = json_object_array_get_idx(v, i);
		int error = get_string(ctx, one, key, &names[i]);
		if (error)
			return error;
	}
	*out = names;
	*nout = n;
	return OL_OK;
}

// "runs_python_via" / "throws_via": the argument indexes through whose
// type slots alone the call can run Python code, or throw ([] for none: a
// lookup by a C-string key).
static int parse_via(load_ctx *ctx, json_object *v, const char *key,
		     signed char *via, unsigned char *n_out)
{
	if (!json_object_is_type(v, json_type_array))
		return KB_ERR(ctx, "'%s' must be an array of argument "
			      "indexes, not %s", key, type_name(v));
	size_t n = json_object_array_length(v);
	if (n > OL_KB_MAX_VIA)
		return KB_ERR(ctx, "'%s' has more than %d indexes", key,
			      OL_KB_MAX_VIA);
	for (size_t i = 0; i < n; i++) {
		int k;
		int error = get_index(ctx, json_object_array_get_idx(v, i),
				      key, &k);
		if (error)
			return error;
		via[i] = (signed char)k;
	}
	*n_out = (unsigned char)n;
	return OL_OK;
}

// "nonnull_args": the argument indexes that must not be NULL, as a mask.
static int parse_nonnull_args(load_ctx *ctx, json_object *v, const char *key,
			      uint32_t *out)
{
	if (!json_object_is_type(v, json_type_array))
		return KB_ERR(ctx, "'%s' must be an array of argument "
			      "indexes, not %s", key, type_name(v));
	*out = 0;
	for (size_t i = 0; i < json_object_array_length(v); i++) {
		int k;
		int error = get_index(ctx, json_object_array_get_idx(v, i),
				      key, &k);
		if (error)
			return error;
		if (k >= 32)
			return KB_ERR(ctx, "'%s' index %d is past the 32 "
				      "arguments it can name", key, k);
		*out |= UINT32_C(1) << k;
	}
	return OL_OK;
}

static bool has_effect(const ol_kb_entry *e, ol_kb_effect eff)
{
	for (size_t i = 0; i < e->nargs; i++)
		if (e->args[i].effect == eff)
			return true;
	return false;
}

// "steals_with_destroy": both arguments are in 'args', and the data
// argument's own effect leaves the hand-off to decide (a "borrow" or "-":
// the function argument says whether the call takes it).
static int check_destroy_pair(load_ctx *ctx, const ol_kb_entry *e)
{
	if (!e->steals_with_destroy)
		return OL_OK;
	int idx[] = { e->destroy_data_arg, e->destroy_fn_arg };
	for (int i = 0; i < 2; i++)
		if ((size_t)idx[i] >= e->nargs)
			return KB_ERR(ctx, "'steals_with_destroy' %d is past "
				      "the %zu argument(s) in 'args'", idx[i],
				      e->nargs);
	ol_kb_effect data = e->args[e->destroy_data_arg].effect;
	if (data != OL_KB_ARG_BORROW && data != OL_KB_ARG_NONE)
		return KB_ERR(ctx, "'steals_with_destroy' data argument %d "
			      "must be \"borrow\" or \"-\" in 'args', not "
			      "\"%s\": the destroy function decides",
			      e->destroy_data_arg, ol_kb_effect_name(data));
	return OL_OK;
}

// Cross-field rules that a JSON schema could not express.
static int check_entry(load_ctx *ctx, ol_kb_entry *e, bool has_acquired)
{
	int error;
	int idx[] = { e->borrowed_from, e->returns_arg, e->format_arg,
		      e->resizes - 1, e->over_arg, e->gives_memory_arg,
		      e->gives_memory_flag_arg, e->writeback_flag_arg,
		      e->resolves_writeback_arg };
	const char *names[] = { "borrowed_from", "returns_arg", "format_arg",
				"resizes_arg", "over_arg", "gives_memory_arg",
				"gives_memory_if_flag", "writeback_if_flag",
				"resolves_writeback_arg" };
	for (int i = 0; i < 9; i++)
		if (idx[i] >= 0 && (size_t)idx[i] >= e->nargs)
			return KB_ERR(ctx, "'%s' %d is past the %zu argument(s) "
				      "in 'args'", names[i], idx[i], e->nargs);
	if (e->over_arg >= 0 && e->ret != OL_KB_RET_NEW)
		return KB_ERR(ctx, "'over_arg' needs ret 'new'");
	if ((error = check_destroy_pair(ctx, e)))
		return error;
	if (e->writeback_flag_arg >= 0 && e->ret != OL_KB_RET_NEW)
		return KB_ERR(ctx, "'writeback_if_flag' needs ret 'new'");
	if (e->gives_memory_flag_arg >= 0 && e->gives_memory_arg < 0)
		return KB_ERR(ctx, "'gives_memory_if_flag' needs "
			      "'gives_memory_arg'");
	if (e->ret == OL_KB_RET_INTERIOR && e->borrowed_from < 0)
		return KB_ERR(ctx, "ret 'interior' needs 'borrowed_from'");
	if (e->borrowed_from >= 0 && e->ret != OL_KB_RET_INTERIOR &&
	    e->ret != OL_KB_RET_BORROWED && !has_effect(e, OL_KB_ARG_BORROW_OUT))
		return KB_ERR(ctx, "'borrowed_from' needs ret 'borrowed' or "
			      "'interior' or a 'borrow_out' argument");
	if ((e->format_arg >= 0) != (e->format_kind != OL_KB_FORMAT_NONE))
		return KB_ERR(ctx, "'format_arg' and 'format' go together");
	bool conditional = has_effect(e, OL_KB_ARG_STEAL_ON_SUCCESS) ||
			   has_effect(e, OL_KB_ARG_RELEASE_ON_SUCCESS) ||
			   has_effect(e, OL_KB_ARG_RELEASE_ON_FAILURE);
	if (conditional && e->fails_when.cmp == OL_KB_CMP_UNKNOWN)
		return KB_ERR(ctx, "'*_on_success' and 'release_on_failure' "
			      "effects need 'fails_when'");
	if (!has_acquired)
		e->acquired_when = negate(ctx->kb->arena, &e->fails_when);
	return OL_OK;
}

static int parse_entry(load_ctx *ctx, json_object *obj, size_t index,
		       ol_kb_entry **out)
{
	snprintf(ctx->where, sizeof ctx->where, "functions[%zu]", index);
	if (!json_object_is_type(obj, json_type_object))
		return KB_ERR(ctx, "entry must be an object, not %s",
			      type_name(obj));

	ol_kb_entry *e = OL_NEW(ctx->kb->arena, ol_kb_entry);
	e->family = ctx->family;
	e->file = ctx->file;
	ol_kb_entry_no_indexes(e);
	int error;

	// The name first, so every later message can say which entry.
	json_object *v;
	if (!json_object_object_get_ex(obj, "name", &v))
		return KB_ERR(ctx, "missing 'name'");
	if ((error = get_string(ctx, v, "name", &e->name)))
		return error;
	if (!e->name[0])
		return KB_ERR(ctx, "'name' is empty");
	snprintf(ctx->where, sizeof ctx->where, "functions[%zu] '%s'", index,
		 e->name);
	if ((error = check_keys(ctx, obj, entry_keys)))
		return error;

	e->resource = ctx->resource;
	if (json_object_object_get_ex(obj, "resource", &v) &&
	    (error = get_kind(ctx, v, "resource", &e->resource)))
		return error;
	if (!e->resource)
		return KB_ERR(ctx, "no 'resource' (neither in the entry nor "
			      "at the top of the file)");

	bool has_acquired = false;
	json_object_object_foreach(obj, key, val) {
		const char *s;
		int k = 0;
		if (!strcmp(key, "name") || !strcmp(key, "resource"))
			continue;
		if (!strcmp(key, "ret")) {
			if (!(error = get_string(ctx, val, key, &s)) &&
			    !(error = lookup_word(ctx, "ret", s, ret_names,
						  OL_KB_RET__COUNT, &k)))
				e->ret = (ol_kb_ret)k;
		} else if (!strcmp(key, "args")) {
			error = parse_args(ctx, val, e);
		} else if (!strcmp(key, "borrowed_from")) {
			error = get_index(ctx, val, key, &e->borrowed_from);
		} else if (!strcmp(key, "returns_arg")) {
			error = get_index(ctx, val, key, &e->returns_arg);
		} else if (!strcmp(key, "format_arg")) {
			error = get_index(ctx, val, key, &e->format_arg);
		} else if (!strcmp(key, "steals_only_if")) {
			error = parse_steal_if(ctx, val, e);
		} else if (!strcmp(key, "steals_with_destroy")) {
			error = parse_steals_with_destroy(ctx, val, e);
		} else if (!strcmp(key, "nonnull_if_arg_in")) {
			error = parse_nonnull_in(ctx, val, e);
		} else if (!strcmp(key, "none_if_arg")) {
			error = parse_none_if(ctx, val, e);
		} else if (!strcmp(key, "resizes_arg")) {
			int k1 = -1;
			error = get_index(ctx, val, key, &k1);
			e->resizes = k1 + 1;
		} else if (!strcmp(key, "over_arg")) {
			error = get_index(ctx, val, key, &e->over_arg);
		} else if (!strcmp(key, "gives_memory_arg")) {
			error = get_index(ctx, val, key, &e->gives_memory_arg);
		} else if (!strcmp(key, "gives_memory_if_flag")) {
			error = parse_flag_test(ctx, val, key,
						&e->gives_memory_flag_arg,
						&e->gives_memory_flag);
		} else if (!strcmp(key, "writeback_if_flag")) {
			error = parse_flag_test(ctx, val, key,
						&e->writeback_flag_arg,
						&e->writeback_flag);
		} else if (!strcmp(key, "resolves_writeback_arg")) {
			error = get_index(ctx, val, key,
					  &e->resolves_writeback_arg);
		} else if (!strcmp(key, "small_int_arg")) {
			error = get_index(ctx, val, key, &e->small_int_arg);
		} else if (!strcmp(key, "nonnull_on_success")) {
			int k = -1;
			error = get_index(ctx, val, key, &k);
			e->nonnull_on_success_arg1 = k + 1;
		} else if (!strcmp(key, "length_arg")) {
			int k = -1;
			error = get_index(ctx, val, key, &k);
			e->length_arg1 = k + 1;
		} else if (!strcmp(key, "fails_only_out_of_range")) {
			error = parse_in_range(ctx, val, e);
		} else if (!strcmp(key, "frees_if_zero_arg")) {
			int k = -1;
			error = get_index(ctx, val, key, &k);
			e->frees_if_zero_arg = k + 1;
		} else if (!strcmp(key, "nonnull_if_arg_zero")) {
			error = get_index(ctx, val, key,
					  &e->nonnull_if_arg);
		} else if (!strcmp(key, "queries_arg")) {
			error = get_index(ctx, val, key, &e->queries_arg);
		} else if (!strcmp(key, "fails_when")) {
			error = parse_cond(ctx, val, key, &e->fails_when);
		} else if (!strcmp(key, "acquired_when")) {
			error = parse_cond(ctx, val, key, &e->acquired_when);
			has_acquired = true;
		} else if (!strcmp(key, "releases_with")) {
			error = parse_names(ctx, val, key, &e->releases_with,
					    &e->nreleases_with);
		} else if (!strcmp(key, "nonnull_if_arg0_from")) {
			error = parse_names(ctx, val, key, &e->nonnull_from,
					    &e->nnonnull_from);
		} else if (!strcmp(key, "format")) {
			if (!(error = get_string(ctx, val, key, &s)) &&
			    !(error = lookup_word(ctx, "format", s, format_names,
						  4, &k)))
				e->format_kind = (ol_kb_format)k;
		} else if (!strcmp(key, "gil")) {
			if (!(error = get_string(ctx, val, key, &s)) &&
			    !(error = lookup_word(ctx, "gil effect", s, gil_names,
						  4, &k)))
				e->gil = (ol_kb_gil)k;
		} else if (!strcmp(key, "runs_python")) {
			error = get_bool(ctx, val, key, &e->runs_python);
		} else if (!strcmp(key, "nonnull_args")) {
			error = parse_nonnull_args(ctx, val, key,
						   &e->nonnull_args);
		} else if (!strcmp(key, "runs_python_via")) {
			error = parse_via(ctx, val, key, e->runs_via,
					  &e->nruns_via);
			e->runs_via_known = true;
		} else if (!strcmp(key, "throws_via")) {
			error = parse_via(ctx, val, key, e->throws_via,
					  &e->nthrows_via);
			e->throws_via_known = true;
		} else if (!strcmp(key, "readonly_result")) {
			error = get_bool(ctx, val, key, &e->readonly_result);
		} else if (!strcmp(key, "exact_result")) {
			error = get_bool(ctx, val, key, &e->exact_result);
		} else if (!strcmp(key, "fresh_result")) {
			error = get_bool(ctx, val, key, &e->fresh_result);
		} else if (!strcmp(key, "cached_result")) {
			error = get_bool(ctx, val, key, &e->cached_result);
		} else if (!strcmp(key, "gil_free")) {
			error = get_bool(ctx, val, key, &e->gil_free);
		} else if (!strcmp(key, "stable_borrow")) {
			error = get_bool(ctx, val, key, &e->stable_borrow);
		} else if (!strcmp(key, "frees_object")) {
			error = get_bool(ctx, val, key, &e->frees_object);
		} else if (!strcmp(key, "holds_items")) {
			error = get_bool(ctx, val, key, &e->holds_items);
		} else if (!strcmp(key, "item_of_arg")) {
			int k = -1;
			error = get_index(ctx, val, key, &k);
			e->item_of_arg1 = k + 1;
		} else if (!strcmp(key, "error_probe")) {
			// The value returned when PyErr_Occurred() said an
			// error was set (0 when none was).
			if (!json_object_is_type(val, json_type_int) ||
			    json_object_get_int64(val) == 0)
				error = KB_ERR(ctx, "'%s' must be a non-zero "
					       "integer, not %s", key,
					       type_name(val));
			else {
				e->error_probe = true;
				e->error_probe_set = json_object_get_int64(val);
			}
		} else if (!strcmp(key, "held_elsewhere")) {
			error = get_bool(ctx, val, key, &e->held_elsewhere);
		} else if (!strcmp(key, "held_by_type_arg")) {
			error = get_bool(ctx, val, key, &e->held_by_type_arg);
		} else if (!strcmp(key, "error_indicator")) {
			error = get_error_indicator(ctx, val, &e->error_indicator);
		} else if (!strcmp(key, "replaced_by_held")) {
			error = get_bool(ctx, val, key, &e->replaced_by_held);
		} else if (!strcmp(key, "outs_null_with_first")) {
			error = get_bool(ctx, val, key,
					 &e->outs_null_with_first);
		} else if (!strcmp(key, "second_nonnull_with_first")) {
			error = get_bool(ctx, val, key,
					 &e->second_nonnull_with_first);
		} else if (!strcmp(key, "pure")) {
			error = get_bool(ctx, val, key, &e->pure);
		} else if (!strcmp(key, "noreturn")) {
			error = get_bool(ctx, val, key, &e->noreturn);
		} else if (!strcmp(key, "own_deleter")) {
			error = get_bool(ctx, val, key, &e->own_deleter);
		} else if (!strcmp(key, "macro")) {
			error = get_bool(ctx, val, key, &e->macro);
		} else if (!strcmp(key, "exits_caller")) {
			error = get_bool(ctx, val, key, &e->exits_caller);
		} else if (!strcmp(key, "cxx")) {
			if (!(error = get_string(ctx, val, key, &s)) &&
			    !(error = lookup_word(ctx, "cxx effect", s, cxx_names,
						  OL_KB_CXX__COUNT, &k)))
				e->cxx = (ol_kb_cxx)k;
		} else if (!strcmp(key, "calls")) {
			error = get_string(ctx, val, key, &e->calls);
		} else if (!strcmp(key, "throws")) {
			if (!(error = get_string(ctx, val, key, &s)) &&
			    !(error = lookup_word(
				      ctx, "throws", s, throws_names,
				      sizeof throws_names / sizeof *throws_names,
				      &k)))
				e->throws = (ol_kb_throws)k;
		} else if (!strcmp(key, "doc")) {
			error = get_string(ctx, val, key, &e->doc);
		} else { // "comment", "since": documentation only
			error = get_string(ctx, val, key, &s);
		}
		if (error)
			return error;
	}
	if ((error = check_entry(ctx, e, has_acquired)))
		return error;
	*out = e;
	return OL_OK;
}

typedef struct named {
	const char *name;
	size_t index;
} named;

static int cmp_named(const void *a, const void *b)
{
	const named *x = a, *y = b;
	int c = strcmp(x->name, y->name);
	return c ? c : (x->index > y->index) - (x->index < y->index);
}

static const char *const file_keys[] = { "family", "resource", "functions",
					  "constants", "comment", NULL };

static int load_root(load_ctx *ctx, json_object *root)
{
	json_object *v, *funcs;
	int error;

	if (!json_object_is_type(root, json_type_object))
		return KB_ERR(ctx, "top level must be an object, not %s",
			      type_name(root));
	if ((error = check_keys(ctx, root, file_keys)))
		return error;
	if (!json_object_object_get_ex(root, "family", &v))
		return KB_ERR(ctx, "missing 'family'");
	if ((error = get_kind(ctx, v, "family", &ctx->family)))
		return error;
	if (json_object_object_get_ex(root, "resource", &v) &&
	    (error = get_kind(ctx, v, "resource", &ctx->resource)))
		return error;
	if (json_object_object_get_ex(root, "comment", &v) &&
	    !json_object_is_type(v, json_type_string))
		return KB_ERR(ctx, "'comment' must be a string");
	if (json_object_object_get_ex(root, "constants", &ctx->constants)) {
		if (!json_object_is_type(ctx->constants, json_type_object))
			return KB_ERR(ctx, "'constants' must be an object");
		json_object_object_foreach(ctx->constants, key, val) {
			if (!json_object_is_type(val, json_type_int))
				return KB_ERR(ctx, "constant '%s' must be an "
					      "integer", key);
		}
	}
	if (!json_object_object_get_ex(root, "functions", &funcs) ||
	    !json_object_is_type(funcs, json_type_array))
		return KB_ERR(ctx, "'functions' must be an array");

	size_t n = json_object_array_length(funcs);
	ol_kb_entry **entries = ol_xcalloc(n ? n : 1, sizeof(*entries));
	named *order = ol_xcalloc(n ? n : 1, sizeof(*order));
	for (size_t i = 0; i < n && !error; i++) {
		error = parse_entry(ctx, json_object_array_get_idx(funcs, i), i,
				    &entries[i]);
		if (!error)
			order[i] = (named){ entries[i]->name, i };
	}
	ctx->where[0] = 0;
	if (!error) {
		qsort(order, n, sizeof *order, cmp_named);
		for (size_t i = 1; i < n && !error; i++)
			if (!strcmp(order[i].name, order[i - 1].name))
				error = KB_ERR(ctx, "duplicate entry '%s' "
					       "(functions[%zu] and functions[%zu])",
					       order[i].name, order[i - 1].index,
					       order[i].index);
	}
	for (size_t i = 0; i < n && !error; i++)
		insert_entry(ctx->kb, entries[i]);
	free(entries);
	free(order);
	return error;
}

static int read_file(const char *path, char **out, size_t *len_out)
{
	struct stat st;
	if (stat(path, &st) < 0)
		return ol_error_set(OL_EIO, "%s: cannot read rules file: %s",
				    path, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return ol_error_set(OL_EIO, "%s: cannot read rules file: not a "
				    "regular file", path);
	if (!(*out = ol_read_file(path, len_out)))
		return ol_error_set(OL_EIO, "%s: cannot read rules file: %s",
				    path, strerror(errno));
	return OL_OK;
}

static void offset_to_line(const char *text, size_t off, int *line, int *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off && text[i]; i++) {
		if (text[i] == '\n') {
			++*line;
			*col = 1;
		} else {
			++*col;
		}
	}
}

int ol_kb_load_file(ol_kb *kb, const char *path)
{
	char *text = NULL;
	size_t len = 0;
	json_tokener *tok = NULL;
	json_object *root = NULL;
	int error;

	OL_ASSERT(kb && path);
	if ((error = read_file(path, &text, &len)))
		goto cleanup;
	if (memchr(text, 0, len)) {
		error = ol_error_set(OL_EKB, "%s: not a JSON rules file "
				     "(binary data)", path);
		goto cleanup;
	}
	tok = json_tokener_new();
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	root = json_tokener_parse_ex(tok, text, (int)len);
	enum json_tokener_error jerr = json_tokener_get_error(tok);
	size_t end = json_tokener_get_parse_end(tok);
	if (jerr == json_tokener_continue)
		jerr = json_tokener_error_parse_eof;
	size_t bad = end ? end - 1 : 0; // the tokener stops one past it
	if (jerr == json_tokener_success) {
		// Anything but white space after the value is an error too.
		while (end < len && isspace((unsigned char)text[end]))
			end++;
		if (end < len)
			jerr = json_tokener_error_parse_unexpected;
		bad = end;
	}
	if (jerr != json_tokener_success) {
		int line, col;
		offset_to_line(text, bad, &line, &col);
		error = ol_error_set(OL_EKB, "%s:%d:%d: JSON syntax error: %s",
				     path, line, col,
				     json_tokener_error_desc(jerr));
		goto cleanup;
	}

	load_ctx ctx = { .kb = kb, .path = path };
	ctx.file = ol_arena_strdup(kb->arena, path);
	error = load_root(&ctx, root);
cleanup:
	json_object_put(root);
	if (tok)
		json_tokener_free(tok);
	free(text);
	return error;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **ol_kb_dir_files(const char *dir, size_t *n)
{
	OL_VEC(char *) names = { 0 };
	DIR *d;
	struct dirent *de;

	OL_ASSERT(dir && n);
	*n = 0;
	if (!(d = opendir(dir))) {
		ol_error_set(OL_EIO, "%s: cannot open rules directory: %s", dir,
			     strerror(errno));
		return NULL;
	}
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);
		if (de->d_name[0] == '.' || len < 6 ||
		    strcmp(de->d_name + len - 5, ".json"))
			continue;
		OL_VEC_PUSH(&names, ol_xstrdup(de->d_name));
	}
	closedir(d);
	if (names.len)
		qsort(names.items, names.len, sizeof *names.items, cmp_str);
	char **paths = ol_xcalloc(names.len + 1, sizeof *paths);
	for (size_t i = 0; i < names.len; i++) {
		size_t len = strlen(dir) + strlen(names.items[i]) + 2;
		paths[i] = ol_xmalloc(len);
		snprintf(paths[i], len, "%s/%s", dir, names.items[i]);
		free(names.items[i]);
	}
	*n = names.len;
	OL_VEC_FREE(&names);
	return paths;
}

void ol_kb_free_files(char **paths, size_t n)
{
	for (size_t i = 0; paths && i < n; i++)
		free(paths[i]);
	free(paths);
}

int ol_kb_load_dir(ol_kb *kb, const char *dir)
{
	size_t n;
	int error = OL_OK;

	OL_ASSERT(kb && dir);
	char **paths = ol_kb_dir_files(dir, &n);
	if (!paths)
		return OL_EIO;
	for (size_t i = 0; i < n && !error; i++)
		error = ol_kb_load_file(kb, paths[i]);
	ol_kb_free_files(paths, n);
	return error;
}

static bool is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

char *ol_kb_default_dir(void)
{
	const char *env = getenv("MOJO_OWNLINT_RULES");
	if (env && *env)
		return ol_xstrdup(env);

	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = 0;
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = 0;
			char cand[PATH_MAX + 64];
			snprintf(cand, sizeof cand,
				 "%s/../share/mojo-ownlint/rules", exe);
			if (is_dir(cand))
				return ol_xstrdup(cand);
		}
	}
	return ol_xstrdup(OL_SOURCE_ROOT "/rules");
}
