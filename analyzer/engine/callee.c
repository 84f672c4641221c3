/*
 * callee.c — which description of a callee a call uses.
 *
 * In order: the callee's source annotations (rules/README.md:
 * ownership_returns/takes/holds, annotate("mojo::...")), made into an
 * entry once per callee and kept for the translation unit; its rules
 * entry by name, or by the macro the call was written as; the summary of
 * its body when this file defines it (summary.c), or another file's
 * contract (contracts.h); for a call through a function-pointer field,
 * the entry of "<struct>.<field>" or what the file stores there
 * (fnptr.c). Declarations win over inference, but for CPython's own API
 * in CPython's own sources (callee_entry()). call.c applies what the
 * entry says; a callee with none follows the conventions there.
 */
#include "engine_int.h"
#include "contracts.h"
#include "../ol.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Reads "name(N)" at `p` for attribute `name`; returns N or -1.
static int attr_index(const char *p, const char *name)
{
	size_t n = strlen(name);
	if (strncmp(p, name, n) || p[n] != '(')
		return -1;
	return atoi(p + n + 1);
}

// The knowledge-base entry that source annotations of the callee describe
// (rules/README.md), made once per callee and kept for the translation unit:
//   ownership_returns(K)      returns an owned resource of kind K
//   ownership_takes(K, N)     releases argument N (1-based)
//   ownership_holds(K, N)     keeps argument N (ownership moves)
//   annotate("mojo::new_ref") / ("mojo::borrowed_ref")
//   annotate("mojo::never_null"): the result is never NULL
//   annotate("mojo::steals(N)"), annotate("mojo::interior(N)")
//   annotate("mojo::sets_exception"): always raises (a `PyObject *`
//     result is NULL)
//   annotate("mojo::negative_result_sets_exception"): fails when < 0
// cpychecker's attributes arrive as these annotations (frontend/tu.c).
static const ol_kb_entry *annotated_entry(ctx *c, const ol_expr *call,
					  const ol_kb_entry *base)
{
	tu_ctx *tu = c->tu;
	// (a call through an expression, annotated by the lowering: the
	// entry is the annotations' and the arguments' count)
	char indirect[160];
	snprintf(indirect, sizeof indirect, "(%s/%u)", call->attrs,
		 call->nargs);
	const char *key = call->text ? call->text : indirect;
	for (size_t i = 0; i < tu->annotated.len; i++)
		if (!strcmp(tu->annotated.items[i]->name, key))
			return tu->annotated.items[i];
	ol_kb_entry *e = OL_NEW(tu->a, ol_kb_entry);
	size_t nargs = call->nargs;
	ol_kb_arg *args = OL_NEW_ARRAY(tu->a, ol_kb_arg, nargs + 1);
	if (base) {
		// The annotations refine what is known of the callee already
		// (its summary or its entry), which says the rest.
		*e = *base;
		for (size_t k = 0; k < nargs; k++) {
			args[k].effect = ol_kb_arg_effect(base, k);
			args[k].resource = k < base->nargs
					   ? base->args[k].resource : NULL;
			args[k].writes = k < base->nargs && base->args[k].writes;
		}
	} else {
		for (size_t k = 0; k < nargs; k++) {
			args[k].effect = OL_KB_ARG_BORROW;
			args[k].writes = true; // nothing says otherwise
		}
		e->resource = "pyref";
		e->ret = OL_KB_RET_NONE;
		ol_kb_entry_no_indexes(e);
		e->fails_when.cmp = OL_KB_CMP_NEVER;
		e->acquired_when.cmp = OL_KB_CMP_UNKNOWN;
	}
	e->name = ol_arena_strdup(tu->a, key);
	e->family = "annotations";
	e->file = call->loc.file;
	e->nargs = nargs;
	e->args = args;
	char *spec = ol_arena_strdup(tu->a, call->attrs);
	bool never_null = false;
	for (char *p = spec; p && *p;) {
		char *end = strchr(p, ';');
		if (end)
			*end = 0;
		char kind[64] = "";
		int n = -1;
		const char *own = NULL;
		if (!strncmp(p, "ownership_", 10)) {
			own = p + 10;
			const char *open = strchr(p, '(');
			if (open) {
				size_t len = strcspn(open + 1, ",)");
				if (len >= sizeof kind)
					len = sizeof kind - 1;
				memcpy(kind, open + 1, len);
				kind[len] = 0;
				const char *comma = strchr(open, ',');
				if (comma)
					n = atoi(comma + 1);
			}
		}
		const char *res = kind[0] ? ol_arena_strdup(tu->a, kind) : NULL;
		if (own && !strncmp(own, "returns", 7) && res) {
			e->ret = OL_KB_RET_ACQUIRE;
			e->resource = res;
			e->fails_when.cmp = OL_KB_CMP_EQ;
			e->fails_when.is_null = true;
		} else if (own && !strncmp(own, "takes", 5) && res && n >= 1 &&
			   (size_t)n <= nargs) {
			args[n - 1].effect = OL_KB_ARG_RELEASE_NULL_OK;
			args[n - 1].resource = res;
			if (e->ret == OL_KB_RET_NONE)
				e->resource = res;
		} else if (own && !strncmp(own, "holds", 5) && res && n >= 1 &&
			   (size_t)n <= nargs) {
			args[n - 1].effect = OL_KB_ARG_STEAL;
			args[n - 1].resource = res;
		} else if (!strcmp(p, "annotate(mojo::new_ref)")) {
			e->ret = OL_KB_RET_NEW;
			e->fails_when.cmp = OL_KB_CMP_EQ;
			e->fails_when.is_null = true;
		} else if (!strcmp(p, "annotate(mojo::never_null)")) {
			// (whatever the order: a C++ library owner's
			// constructor, which throws when it fails)
			never_null = true;
		} else if (!strcmp(p, "annotate(mojo::borrowed_ref)")) {
			e->ret = OL_KB_RET_BORROWED;
			e->returns_arg = -1;
		} else if (!strcmp(p, "annotate(mojo::sets_exception)")) {
			// Always raises: a `PyObject *` result is NULL.
			if (is_pyobj(&call->type)) {
				e->ret = OL_KB_RET_NULL;
				e->returns_arg = -1;
			}
		} else if (!strcmp(p, "annotate(mojo::negative_result_sets_"
				      "exception)")) {
			e->fails_when.cmp = OL_KB_CMP_LT;
			e->fails_when.value = 0;
			e->fails_when.is_null = false;
		} else if ((n = attr_index(p, "annotate(mojo::steals")) >= 1 &&
			   (size_t)n <= nargs) {
			args[n - 1].effect = OL_KB_ARG_STEAL;
			args[n - 1].resource = "pyref";
		} else if ((n = attr_index(p, "annotate(mojo::interior")) >= 1 &&
			   (size_t)n <= nargs) {
			e->ret = OL_KB_RET_INTERIOR;
			e->borrowed_from = n - 1;
		}
		p = end ? end + 1 : NULL;
	}
	if (never_null)
		e->fails_when.cmp = OL_KB_CMP_NEVER;
	OL_VEC_PUSH(&tu->annotated, e);
	return e;
}

// A call through a function-pointer field, `t->deleter(t)`: the entry
// named "<struct>.<field>" ("DLManagedTensor.deleter"), if any; else the
// API every store of the file puts there (fnptr.c: pyRXP's `pd->SetItem`,
// PyList_SetItem or PyTuple_SetItem).
static const ol_kb_entry *member_call_entry(ctx *c, const ol_expr *fn)
{
	const char *type = owner_type_of(fn), *spelled = type;
	if (!type || !fn->text)
		return NULL;
	if (!strncmp(type, "struct ", 7))
		type += 7;
	char key[256];
	snprintf(key, sizeof key, "%s.%s", type, fn->text);
	const ol_kb_entry *ent = ol_kb_lookup(c->kb, key);
	// A C++ type in a namespace (nanobind::detail::managed_dltensor):
	// also by its own name.
	const char *colon = strrchr(type, ':');
	if (!ent && colon) {
		snprintf(key, sizeof key, "%s.%s", colon + 1, fn->text);
		ent = ol_kb_lookup(c->kb, key);
	}
	return ent ? ent : fnptr_field_entry(c->tu, spelled, fn->text);
}

// The knowledge-base entry of the callee, by its name or by the macro it
// was written as, or NULL.
const ol_kb_entry *kb_entry_of(const ol_kb *kb, const ol_expr *call)
{
	if (!kb)
		return NULL;
	const ol_kb_entry *e = NULL;
	if (call->text)
		e = ol_kb_lookup(kb, call->text);
	// The macro the user wrote, when the call is that macro renamed
	// (PY_SSIZE_T_CLEAN turns Py_BuildValue into _Py_BuildValue_SizeT),
	// not another call somewhere inside its expansion (Py_TYPE inside
	// Py_XINCREF(PyTuple_GET_ITEM(...))).
	if (!e && call->macro && call->text &&
	    strstr(call->text, call->macro)) {
		const ol_kb_entry *m = ol_kb_lookup(kb, call->macro);
		if (m && (m->nargs == call->nargs ||
			  (m->format_arg >= 0 && call->nargs >= m->nargs)))
			e = m;
	}
	// ... also when the user's macro is another one around it (kitty's
	// `RAII_PyObject(ans, Py_BuildValue(..))`): `_Py_BuildValue_SizeT`
	// is Py_BuildValue, `_PyArg_ParseTuple_SizeT` PyArg_ParseTuple.
	size_t n = call->text ? strlen(call->text) : 0;
	if (!e && n > 7 && call->text[0] == '_' &&
	    !strcmp(call->text + n - 6, "_SizeT")) {
		char plain[128];
		if (n - 7 < sizeof plain) {
			memcpy(plain, call->text + 1, n - 7);
			plain[n - 7] = '\0';
			e = ol_kb_lookup(kb, plain);
		}
	}
	return e;
}

// `call` is the function under analysis calling itself.
bool calls_itself(const ctx *c, const ol_expr *call)
{
	return c->sum && c->sum->recursive && call->text && c->fn->name &&
	       !strcmp(call->text, c->fn->name) && sig_may_match(call, c->fn);
}

// Two files' signatures of one function name (cfg/build.c's func_sig())
// that may be one function's: the same, but that a pointer to a
// structure one of them does not define ('q') may be any pointer of the
// other's.
static bool sigs_agree(const char *a, const char *b)
{
	if (strlen(a) != strlen(b))
		return false;
	for (; *a; a++, b++)
		if (*a != *b && !(*a == 'q' && (*b == 'o' || *b == 'p')) &&
		    !(*b == 'q' && (*a == 'o' || *a == 'p')))
			return false;
	return true;
}

// What the callee does. Declarations win over inference (rules/README.md): the
// callee's source annotations and its rules-file entry, then the summary
// of its body when the file defines it, then the knowledge base.
// CPython's own API defined in CPython's own sources is the exception:
// there the body is the implementation the documentation describes, and
// it decides, except that a documented new reference stays new
// (PyFloat_FromDouble takes its object from a free list), and a documented
// borrowed one stays borrowed (PyDict_SetDefault's body, read through
// helpers, may look as if it returned a reference of its own).
const ol_kb_entry *callee_entry(ctx *c, const ol_expr *call)
{
	const ol_kb_entry *declared = kb_entry_of(c->kb, call);
	summary *sm = summary_of_call(c, call);
	// The function calling itself, once its probe learned what it
	// returns (summary.c's analyze()).
	if (!sm && calls_itself(c, call) && c->sum->probed)
		sm = c->sum;
	// Another file's body (contracts.h), when this file does not define
	// the callee.
	const ol_contract *other =
		!sm && call->text && c->opts->contracts &&
				!defined_here(c, call)
			? ol_contracts_find_overload(c->opts->contracts,
						     call->text,
						     call->callee_overload)
			: NULL;
	// Another file's function of that name, which this file declares
	// otherwise (another library's): its body says nothing of this one.
	if (other && other->sig && call->callee_sig &&
	    !sigs_agree(other->sig, call->callee_sig))
		other = NULL;
	const ol_kb_entry *body = sm ? &sm->entry
			       : other ? &other->entry : NULL;
	if (sm && declared && !strcmp(declared->family, "cpython") &&
	    !(declared->ret == OL_KB_RET_NEW &&
	      sm->entry.ret == OL_KB_RET_BORROWED) &&
	    !(declared->ret == OL_KB_RET_BORROWED &&
	      sm->entry.ret == OL_KB_RET_NEW))
		declared = NULL;
	c->callee_incomplete = !declared && !call->attrs &&
			       ((sm && !sm->paths) || (other && !other->complete));
	if (call->attrs && (call->text || !body))
		return annotated_entry(c, call, declared ? declared : body);
	if (declared)
		return declared;
	if (body)
		return body;
	if (!call->text && call->fn && call->fn->kind == OL_E_MEMBER && c->kb)
		return member_call_entry(c, call->fn);
	return NULL;
}
