/*
 * cxx_overload.c — which function a call in a template's pattern names
 * (see cxx.c for the whole lowering).
 *
 * libclang shows no instantiated bodies: members of a class template and
 * function templates are lowered on their patterns, where a call whose
 * arguments depend on the template's parameters is left unresolved, its
 * callee an overload set (`Value(PyUnicode_InternFromString(s))` inside
 * `ModuleVar<M>`, ora's `cast<T>(obj)` inside `ref<T>::take`), and a base
 * initializer of a dependent base names no constructor (`ReferenceHolder
 * <R>(object)`). The candidate is chosen as a compiler would in the simple
 * cases: of the declarations of the call's arity (free functions,
 * members, and function templates, whose parameters are their children),
 * the one whose parameter types the arguments fit best, where an argument
 * of a type the pattern does not know yet fits any parameter of its kind;
 * none when two fit equally well, none when nothing fits. The summary
 * then says what the chosen function does (cxx_call.c, expr.c).
 */
#include "build_int.h"

#include <stdlib.h>

// How well an argument of type `a` fits a parameter of type `p`: 2 the
// same type (references, qualifiers and an array's decay aside), 1 the
// same kind (two pointers, two arithmetic types) or an argument whose
// type the pattern does not know yet, 0 not at all.
static int arg_fit(CXType a, CXType p)
{
	p = clang_getUnqualifiedType(clang_getCanonicalType(
		clang_getNonReferenceType(p)));
	a = clang_getCanonicalType(clang_getNonReferenceType(a));
	if (a.kind == CXType_ConstantArray || a.kind == CXType_IncompleteArray) {
		if (p.kind != CXType_Pointer)
			return 0;
		CXType ae = clang_getUnqualifiedType(clang_getCanonicalType(
			clang_getArrayElementType(a)));
		CXType pe = clang_getUnqualifiedType(clang_getCanonicalType(
			clang_getPointeeType(p)));
		return clang_equalTypes(ae, pe) ? 2 : 1;
	}
	a = clang_getUnqualifiedType(a);
	if (a.kind == CXType_Unexposed || a.kind == CXType_Dependent)
		return 1;
	if (clang_equalTypes(a, p))
		return 2;
	bool ap = a.kind == CXType_Pointer || a.kind == CXType_NullPtr;
	if (ap && p.kind == CXType_Pointer)
		return 1;
	bool an = (a.kind >= CXType_Bool && a.kind <= CXType_LongDouble) ||
		  a.kind == CXType_Enum;
	bool pn = (p.kind >= CXType_Bool && p.kind <= CXType_LongDouble) ||
		  p.kind == CXType_Enum;
	return an && pn ? 1 : 0;
}

// The function a call in a template's pattern names when its callee is
// still an overload set (`Value(PyUnicode_InternFromString(s))` inside a
// member of `ModuleVar<M>`, whose `this` is dependent, so clang resolves
// it only per specialization): the one candidate of the call's arity that
// fits its arguments best, or a null cursor when none does or two tie.
CXCursor cxx_overload_chosen(CXCursor c)
{
	cursor_vec k = {0};
	children(c, &k);
	CXCursor callee = k.len ? strip(call_callee(c, &k)) : c;
	OL_VEC_FREE(&k);
	CXCursor set = clang_getCursorReferenced(callee);
	int nargs = clang_Cursor_getNumArguments(c);
	if (clang_getCursorKind(set) != CXCursor_OverloadedDeclRef || nargs < 0)
		return clang_getNullCursor();
	cursor_vec cands = {0}, args = {0};
	unsigned n = clang_getNumOverloadedDecls(set);
	for (unsigned i = 0; i < n; i++) {
		CXCursor d = clang_getOverloadedDecl(set, i);
		enum CXCursorKind dk = clang_getCursorKind(d);
		if (dk == CXCursor_CXXMethod || dk == CXCursor_FunctionDecl ||
		    (dk == CXCursor_FunctionTemplate &&
		     clang_getTemplateCursorKind(d) == CXCursor_FunctionDecl))
			OL_VEC_PUSH(&cands, d);
	}
	for (int j = 0; j < nargs; j++)
		OL_VEC_PUSH(&args, clang_Cursor_getArgument(c, (unsigned)j));
	CXCursor best = cxx_best_fitting(cands.items, cands.len, args.items,
					 args.len);
	OL_VEC_FREE(&cands);
	OL_VEC_FREE(&args);
	return best;
}

// Of the candidate functions `cands`, the one of `nargs` parameters that
// the argument expressions `args` fit best, or a null cursor when none
// does or two tie.
CXCursor cxx_best_fitting(const CXCursor *cands, size_t n,
			  const CXCursor *args, size_t nargs)
{
	CXCursor best = clang_getNullCursor();
	int best_fit = 0;
	bool tie = false;
	cursor_vec params = {0};
	for (size_t i = 0; i < n; i++) {
		CXCursor d = cands[i];
		cxx_params_of(d, &params);
		if (params.len != nargs)
			continue;
		int fit = 0;
		for (size_t j = 0; j < nargs && fit >= 0; j++) {
			int f = arg_fit(clang_getCursorType(args[j]),
					clang_getCursorType(params.items[j]));
			fit = f ? fit + f : -1;
		}
		if (fit < 0 || fit < best_fit)
			continue;
		tie = fit == best_fit && !clang_Cursor_isNull(best);
		if (fit > best_fit || clang_Cursor_isNull(best)) {
			best = d;
			best_fit = fit;
			tie = false;
		}
	}
	OL_VEC_FREE(&params);
	return tie ? clang_getNullCursor() : best;
}
