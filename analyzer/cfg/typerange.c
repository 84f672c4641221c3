/*
 * typerange.c — the values an integer expression's type lets it hold.
 *
 * Some answers need to know that an integer is small: `PyLong_FromLong(c)`
 * cannot fail when `c` lies in CPython's cache of small ints (-5..256), and
 * what it returns is never freed. A constant says so by its value, a branch
 * by the bounds it sets (engine/path.c); this file says what the type
 * alone proves, and records it on the expression's `ol_type`:
 *
 *   - `bool`/`_Bool` holds 0..1, `unsigned char` 0..255, `signed char`
 *     -128..127, the shorts their 16 bits;
 *   - an enum holds its enumerators' span, its top rounded up to the next
 *     all-ones value (2^k - 1) so that flags or-ed together stay inside
 *     (C lets an enum hold any value of its underlying type; code that
 *     stores other values in it is taken at its word);
 *   - a bit-field of width w holds 0..2^w-1 unsigned, its signed span
 *     otherwise (clang reports its declared type, not its width);
 *   - a wide unsigned type is not negative: 0..LLONG_MAX, so that a
 *     constant such as ULONG_MAX, which the analysis reads as -1, meets
 *     it in nothing and proves nothing;
 *   - a conversion keeps the narrower of the two: `(unsigned char)n` is
 *     0..255 whatever n, an `unsigned char` widened to `long` stays
 *     0..255; a negative range converted to an unsigned type wraps, and
 *     keeps only the unsigned type's range; a wide unsigned value
 *     converted to the signed type of its width (`(long)RLIM_INFINITY`)
 *     loses the unsigned type's range: its bits, which the analysis
 *     reads, are the signed value.
 *
 * The lowering drops casts (cfg.h), so the conversion's range is kept on
 * the expression that remains. Wide signed types (int, long) have none:
 * their values are bounded only by what the path proves.
 */
#include "build_int.h"

#include <limits.h>

static void set_range(ol_type *t, long long lo, long long hi)
{
	t->has_range = true;
	t->range_lo = lo;
	t->range_hi = hi;
}

typedef struct enum_span {
	bool any, wide;
	bool is_unsigned;
	long long lo, hi;
	unsigned count;
} enum_span;

static enum CXChildVisitResult enumerator(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	(void)parent;
	enum_span *sp = data;
	if (clang_getCursorKind(c) != CXCursor_EnumConstantDecl)
		return CXChildVisit_Continue;
	long long v;
	if (sp->is_unsigned) {
		unsigned long long u = clang_getEnumConstantDeclUnsignedValue(c);
		if (u > (unsigned long long)INT_MAX) {
			sp->wide = true;
			return CXChildVisit_Break;
		}
		v = (long long)u;
	} else {
		v = clang_getEnumConstantDeclValue(c);
		if (v > INT_MAX || v < INT_MIN) {
			sp->wide = true;
			return CXChildVisit_Break;
		}
	}
	if (!sp->any || v < sp->lo)
		sp->lo = v;
	if (!sp->any || v > sp->hi)
		sp->hi = v;
	sp->any = true;
	sp->count++;
	return CXChildVisit_Continue;
}

static bool unsigned_kind(enum CXTypeKind k)
{
	switch (k) {
	case CXType_Bool: case CXType_Char_U: case CXType_UChar:
	case CXType_Char16: case CXType_Char32: case CXType_UShort:
	case CXType_UInt: case CXType_ULong: case CXType_ULongLong:
	case CXType_UInt128:
		return true;
	default:
		return false;
	}
}

// 2^k - 1 at or above `v` (v >= 0).
static long long all_ones_above(long long v)
{
	long long m = 0;
	while (m < v)
		m = m * 2 + 1;
	return m;
}

static void enum_range(CXType ct, ol_type *r)
{
	CXCursor decl = clang_getTypeDeclaration(ct);
	CXType it = clang_getCanonicalType(clang_getEnumDeclIntegerType(decl));
	enum_span sp = {.is_unsigned = unsigned_kind(it.kind)};
	clang_visitChildren(decl, enumerator, &sp);
	if (!sp.any || sp.wide)
		return;
	set_range(r, sp.lo, sp.hi < 0 ? sp.hi : all_ones_above(sp.hi));
	r->from_enum = true;
	r->enum_hi = sp.hi;
	r->enum_count = sp.count;
}

void type_range(CXType ct, ol_type *r)
{
	switch (ct.kind) {
	case CXType_Bool:
		set_range(r, 0, 1);
		break;
	case CXType_Char_U: case CXType_UChar:
		set_range(r, 0, UCHAR_MAX);
		break;
	case CXType_Char_S: case CXType_SChar:
		set_range(r, SCHAR_MIN, SCHAR_MAX);
		break;
	case CXType_UShort:
		set_range(r, 0, USHRT_MAX);
		break;
	case CXType_Short:
		set_range(r, SHRT_MIN, SHRT_MAX);
		break;
	case CXType_UInt: case CXType_ULong: case CXType_ULongLong:
	case CXType_UInt128: case CXType_Char16: case CXType_Char32:
		// Not negative; the top is what a long long holds (a larger
		// value, read as a negative one, then makes the range empty).
		set_range(r, 0, LLONG_MAX);
		break;
	case CXType_Enum:
		enum_range(ct, r);
		break;
	default:
		break;
	}
}

void bitfield_range(CXCursor member, ol_type *t)
{
	CXCursor fd = clang_getCursorReferenced(member);
	if (clang_Cursor_isNull(fd) || !clang_Cursor_isBitField(fd))
		return;
	int w = clang_getFieldDeclBitWidth(fd);
	if (w <= 0 || w > 32)
		return;
	CXType ft = clang_getCanonicalType(clang_getCursorType(fd));
	long long lo = 0, hi = (1LL << w) - 1;
	if (!unsigned_kind(ft.kind) && ft.kind != CXType_Enum) {
		lo = -(1LL << (w - 1));
		hi = (1LL << (w - 1)) - 1;
	}
	if (t->has_range) { // a `bool b : 1`, an enum's span
		lo = lo > t->range_lo ? lo : t->range_lo;
		hi = hi < t->range_hi ? hi : t->range_hi;
	}
	set_range(t, lo, hi);
}

void conversion_range(CXType to, CXType from, ol_type *t)
{
	CXType ct = clang_getCanonicalType(to);
	if (ct.kind == CXType_Invalid || ct.kind == CXType_Pointer)
		return;
	// A wide unsigned value converted to the signed type of its width
	// keeps its bits: `(long)RLIM_INFINITY`, `(long)(rlim_t)-1`, is -1,
	// which is what the analysis reads; the range that kept such a
	// value (read as negative) out of the unsigned type goes.
	CXType cf = clang_getCanonicalType(from);
	if (t->has_range && t->range_lo == 0 && t->range_hi == LLONG_MAX &&
	    unsigned_kind(cf.kind) && !unsigned_kind(ct.kind) &&
	    ct.kind >= CXType_Bool && ct.kind <= CXType_Int128 &&
	    ct.kind != CXType_Enum &&
	    clang_Type_getSizeOf(ct) == clang_Type_getSizeOf(cf) &&
	    clang_Type_getSizeOf(ct) > 0) {
		t->has_range = false;
		return;
	}
	ol_type outer = {0};
	type_range(ct, &outer);
	if (outer.has_range) {
		if (!t->has_range || t->range_lo < outer.range_lo ||
		    t->range_hi > outer.range_hi) {
			set_range(t, outer.range_lo, outer.range_hi);
			t->from_enum = outer.from_enum;
			t->enum_hi = outer.enum_hi;
			t->enum_count = outer.enum_count;
		}
		return;
	}
	if (!t->has_range)
		return;
	// A wide signed integer type holds the narrow range unchanged
	// (anything else: no range).
	bool integer = ct.kind >= CXType_Bool && ct.kind <= CXType_Int128;
	if (!integer)
		t->has_range = false;
}
