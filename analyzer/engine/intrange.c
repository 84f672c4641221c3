/*
 * intrange.c — the integer range the code proves a value lies in.
 *
 * CPython keeps the ints -5..256 made once per process, and
 * `PyLong_FromLong(v)` of a value there returns one of them: it cannot
 * fail, and a reference to it leaked frees nothing (rules/README.md,
 * "Cached objects"). Whether the argument is proven in the cache's range
 * is the meet of two readings:
 *
 *   - the value (a `sym` of the path): an exact value, a comparison's or
 *     a logical not's 0..1, the bounds the path's branches set
 *     (`if (n < 0 || n > 31) return NULL;` leaves 0..31: path.c), the
 *     signs it narrowed;
 *   - the expression as written: an integer constant expression folded
 *     (`1 << 2`, `FLAG_A | FLAG_B`, `~0 & 0x7f`: the macros of flags
 *     written as shifts), the range its type allows (bool,
 *     unsigned char, an enum, a narrow bit-field, a narrowing cast:
 *     cfg/typerange.c), a mask (`x & 0xff` is 0..255 whatever x), a
 *     remainder by a constant (`u % 256` of an unsigned is 0..255; of a
 *     signed value -255..255), a comparison.
 *
 * Each reading alone may know only one bound (a `size_t` is not
 * negative; a test said `n <= 200`); their meet is the range. An
 * assignment loses the expression's reading (`b = x & 0xff;` then
 * `PyLong_FromLong(b)` with `b` an `int` knows only what the path says of
 * b's value), except the range of a narrow type read from memory (`int
 * client = a->client;` of an `unsigned char` field: keep_type_range()).
 */
#include "engine_int.h"

#include <limits.h>
#include <string.h>

typedef struct span {
	bool has_lo, has_hi;
	long long lo, hi;
} span;

static void at_least(span *r, long long lo)
{
	if (!r->has_lo || lo > r->lo)
		r->lo = lo;
	r->has_lo = true;
}

static void at_most(span *r, long long hi)
{
	if (!r->has_hi || hi < r->hi)
		r->hi = hi;
	r->has_hi = true;
}

static void exactly(span *r, long long v)
{
	at_least(r, v);
	at_most(r, v);
}

static bool unsigned_type(const ol_type *t)
{
	return t->spelling && (!strncmp(t->spelling, "unsigned ", 9) ||
			       !strcmp(t->spelling, "_Bool") ||
			       !strcmp(t->spelling, "bool"));
}

// A constant operand: a literal, or an enumerator (lowered as one).
static bool const_operand(const ol_expr *e, long long *k)
{
	if (!e || e->kind != OL_E_INT)
		return false;
	*k = e->ival;
	return true;
}

// An integer constant expression of literals and enumerators: true, and
// its value in *v. Shifts, bitwise and arithmetic operators only; a shift
// out of range, an overflow or a negative value of an unsigned type
// (`~0u`, whose bits the analysis would read as -1) proves nothing.
static bool fold_const(const ol_expr *e, long long *v, int depth)
{
	long long a, b;
	if (!e || depth > 16)
		return false;
	if (e->kind == OL_E_INT) {
		*v = e->ival;
		return true;
	}
	if (e->kind == OL_E_UNARY) {
		if (!fold_const(e->sub[0], &a, depth + 1))
			return false;
		if (e->op == OL_OP_PLUS)
			*v = a;
		else if (e->op == OL_OP_NEG && a != LLONG_MIN)
			*v = -a;
		else if (e->op == OL_OP_BITNOT)
			*v = ~a;
		else
			return false;
	} else if (e->kind == OL_E_BINARY) {
		if (!fold_const(e->sub[0], &a, depth + 1) ||
		    !fold_const(e->sub[1], &b, depth + 1))
			return false;
		switch (e->op) {
		case OL_OP_ADD:
			if (__builtin_add_overflow(a, b, v))
				return false;
			break;
		case OL_OP_SUB:
			if (__builtin_sub_overflow(a, b, v))
				return false;
			break;
		case OL_OP_MUL:
			if (__builtin_mul_overflow(a, b, v))
				return false;
			break;
		case OL_OP_SHL:
			if (a < 0 || b < 0 || b > 62 || a > (LLONG_MAX >> b))
				return false;
			*v = a << b;
			break;
		case OL_OP_SHR:
			if (a < 0 || b < 0 || b > 62)
				return false;
			*v = a >> b;
			break;
		case OL_OP_AND:
			*v = a & b;
			break;
		case OL_OP_OR:
			*v = a | b;
			break;
		case OL_OP_XOR:
			*v = a ^ b;
			break;
		default:
			return false;
		}
	} else {
		return false;
	}
	return !(*v < 0 && unsigned_type(&e->type));
}

static void value_reading(const sym *y, span *r)
{
	if (y->has_val) {
		exactly(r, y->val);
		return;
	}
	if (y->is_bool) {
		at_least(r, 0);
		at_most(r, 1);
	}
	if (y->has_lo)
		at_least(r, y->lo);
	if (y->has_hi)
		at_most(r, y->hi);
	if (y->signs && !(y->signs & S_NEG))
		at_least(r, (y->signs & S_ZERO) ? 0 : 1);
	if (y->signs && !(y->signs & S_POS))
		at_most(r, (y->signs & S_ZERO) ? 0 : -1);
}

static void expr_reading(const ol_expr *e, span *r)
{
	if (!e)
		return;
	long long k;
	if (e->type.has_range) {
		at_least(r, e->type.range_lo);
		at_most(r, e->type.range_hi);
	}
	if (e->kind != OL_E_INT && fold_const(e, &k, 0)) {
		exactly(r, k);
		return;
	}
	switch (e->kind) {
	case OL_E_INT:
		exactly(r, e->ival);
		break;
	case OL_E_SIZEOF:
		// (The lowering keeps its value when libclang could fold it:
		// never 0 then. `PyLong_FromSize_t(sizeof(long))`, tinyarray.)
		if (e->ival > 0)
			exactly(r, e->ival);
		break;
	case OL_E_UNARY:
		if (e->op == OL_OP_NOT) {
			at_least(r, 0);
			at_most(r, 1);
		}
		break;
	case OL_E_BINARY:
		if (e->op >= OL_OP_EQ && e->op <= OL_OP_GE) {
			at_least(r, 0);
			at_most(r, 1);
		} else if (e->op == OL_OP_AND &&
			   ((const_operand(e->sub[1], &k) && k >= 0) ||
			    (const_operand(e->sub[0], &k) && k >= 0))) {
			at_least(r, 0);
			at_most(r, k);
		} else if (e->op == OL_OP_MOD &&
			   const_operand(e->sub[1], &k) && k > 0) {
			at_most(r, k - 1);
			if (unsigned_type(&e->sub[0]->type) ||
			    unsigned_type(&e->type))
				at_least(r, 0);
			else
				at_least(r, -(k - 1));
		}
		break;
	default:
		break;
	}
}

bool proven_range(const state *s, const ol_expr *e, int v, long long *lo,
		  long long *hi)
{
	span r = {0};
	if (v >= 0)
		value_reading(&s->syms[v], &r);
	expr_reading(e, &r);
	if (!r.has_lo || !r.has_hi || r.lo > r.hi)
		return false;
	*lo = r.lo;
	*hi = r.hi;
	return true;
}

bool proven_small_int(const state *s, const ol_expr *e, int v)
{
	long long lo, hi;
	return proven_range(s, e, v, &lo, &hi) && lo >= SMALL_INT_MIN &&
	       hi <= SMALL_INT_MAX;
}

// The span a narrow integer type spelled `t` holds, as cfg/typerange.c
// gives it.
static bool natural_span(const ol_type *t, long long *lo, long long *hi)
{
	static const struct {
		const char *name;
		long long lo, hi;
	} narrow[] = {
		{"bool", 0, 1},		 {"_Bool", 0, 1},
		{"unsigned char", 0, 255}, {"uint8_t", 0, 255},
		{"signed char", -128, 127}, {"int8_t", -128, 127},
		{"unsigned short", 0, 65535}, {"uint16_t", 0, 65535},
		{"short", -32768, 32767},	 {"int16_t", -32768, 32767},
	};
	for (size_t i = 0; t->spelling && i < sizeof narrow / sizeof *narrow;
	     i++)
		if (!strcmp(t->spelling, narrow[i].name)) {
			*lo = narrow[i].lo;
			*hi = narrow[i].hi;
			return true;
		}
	return false;
}

// `int client = a->client;` with `client` an `unsigned char` field
// (alsa-python's SeqEvent_get_source, then `PyLong_FromLong(client)`):
// value `v`, read from memory of that narrow type, lies in its span, and
// keeps it in the variable. Only a read of memory whose type is the
// narrow one: a conversion the lowering dropped (`(unsigned char)n`)
// ranges the expression, not the value n holds.
void keep_type_range(state *s, const ol_expr *lhs, const ol_expr *rhs,
		     int v)
{
	long long lo, hi;
	if (v < 0 || !lhs || lhs->kind != OL_E_VAR || !is_local(lhs->var) ||
	    lhs->type.cls != OL_TY_INT || !rhs ||
	    (rhs->kind != OL_E_MEMBER && rhs->kind != OL_E_INDEX &&
	     rhs->kind != OL_E_DEREF) ||
	    !rhs->type.has_range || !natural_span(&rhs->type, &lo, &hi) ||
	    rhs->type.range_lo != lo || rhs->type.range_hi != hi)
		return;
	sym *y = &s->syms[sym_root(s, v)];
	if (y->has_val)
		return;
	if (!y->has_lo || y->lo < lo) {
		y->has_lo = true;
		y->lo = lo;
	}
	if (!y->has_hi || y->hi > hi) {
		y->has_hi = true;
		y->hi = hi;
	}
}
