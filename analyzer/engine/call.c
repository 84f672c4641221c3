/*
 * call.c — a call, and what the callee does to what it is given.
 *
 * Effects come from the description callee.c picks for the callee (its
 * source annotations, the knowledge base, the summary of its body), and
 * last from the conventions (rules/README.md) (a function returning
 * `PyObject *` returns a new reference; unknown callees borrow what they
 * are given).
 *
 * A call is evaluated in this order, which the state machines' hooks
 * follow (sm.h):
 *   1. the arguments, left to right (eval.c);
 *   2. `before_call` (the GIL's check that the call may run without it);
 *   3. each argument's effect: release, steal, incref, out-parameters,
 *      mutation of a container, or a plain use; a handle given to code we
 *      do not know may escape; a pointer handed over with the function
 *      that releases it is taken (handoff.c);
 *   4. `after_args` (a container's slot taken over by SET_ITEM);
 *   5. the format string's units (format.c), and forgetting memory when
 *      the callee may run Python code;
 *   6. the result: a new resource, a borrow tied to its owner, an alias
 *      of an argument, a constant, or an unknown value; conditional
 *      effects (steal on success, out-parameters acquired on success,
 *      realloc) wait for the result to be tested (path.c);
 *   7. `after_call` (the GIL's transitions, a buffer's flags).
 *
 * Self-checks: a test module checks the C API on values it built from
 * constants (`if (PyLong_AsLong(num) != 42) return raiseTestError(..)`).
 * Such values are "closed", and the failing arm of a test of them runs
 * only if the API is broken: a leak reached through it is not reported.
 */
#include "engine_int.h"
#include "../ol.h"

#include <stdlib.h>
#include <string.h>

static bool effect_applies(ctx *c, const state *s, int a,
			   const ol_kb_entry *ent, size_t k)
{
	const sym *y = &s->syms[sym_root(s, a)];
	if (y->kind < 0)
		return true;
	// Freeing an object's memory takes over a reference this function
	// owns (a new object given up before anyone saw it); of one it
	// borrows (the `self` of a tp_dealloc no table of the file names,
	// lent by the convention) it says nothing. (A quiet pass still
	// learns that a helper frees its parameter.) So does a tp_dealloc of
	// the file that another one calls on its own object (v8py's
	// `js_promise_dealloc(self)`, registered by an assignment to its
	// type's slot, calling its base's `js_object_dealloc(self)`).
	if ((ent->frees_object ||
	     (c->fn->reg_teardown && summary_tears_down(ent))) &&
	    !c->quiet && y->rs == R_BORROWED &&
	    y->kind == kind_index("pyref")) {
		ahead_differs(c);
		return false;
	}
	const char *res = k < ent->nargs && ent->args[k].resource
				  ? ent->args[k].resource
				  : ent->resource;
	// Any kind (PyCapsule_New keeps any pointer): what we own moves
	// there; a pointer we only borrow (`(void *)&FooType`, a field's
	// object) is kept as a raw pointer, no reference handed over.
	if (!strcmp(res, "*")) {
		ol_kb_effect eff = ol_kb_arg_effect(ent, k);
		return y->rs != R_BORROWED ||
		       (eff != OL_KB_ARG_STEAL &&
			eff != OL_KB_ARG_STEAL_ON_SUCCESS);
	}
	int want = kind_index(res);
	(void)c;
	return want == y->kind;
}

static uint8_t signs_on_return(const ol_kb_entry *ent)
{
	if (ent && ent->fails_when.cmp == OL_KB_CMP_EQ &&
	    ent->fails_when.is_null)
		return S_ZERO | S_POS;
	if (ent && (ent->fails_when.cmp == OL_KB_CMP_NEVER ||
		    ent->fails_when.cmp == OL_KB_CMP_UNKNOWN))
		return S_POS;
	return S_ZERO | S_POS;
}

// `&var` passed as an out-parameter: the variable's new value.
void set_out(ctx *c, state *s, int a, int val)
{
	// (sym_fresh() may move s->syms: keep the index, not a pointer.)
	int var = s->syms[a].addr_var;
	if (var < 0)
		return;
	if (c->closed_call) {
		if (val < 0)
			val = sym_fresh(s, &c->fn->vars[var]->type);
		s->syms[val].closed = true;
	}
	s->env[var] = val;
	if (val >= 0 && !s->syms[val].name)
		s->syms[val].name = c->fn->vars[var]->name;
	// (What a cleanup releases, or a scope guard, is not followed:
	// eval.c's bind_var(), which a value written through `&v` does
	// not pass, mworks' `PyErr_Fetch(&type, ..)` under a
	// BOOST_SCOPE_EXIT.)
	if (val >= 0 && c->fn->vars[var]->cleanup)
		escape(s, val);
}

int out_var_old(const state *s, int a)
{
	const sym *y = &s->syms[a];
	return y->addr_var >= 0 ? s->env[y->addr_var] : -1;
}

static bool is_closed(const ctx *c, const state *s, int i)
{
	int r = sym_root(s, i);
	if (r < 0)
		return false;
	const sym *y = &s->syms[r];
	if (y->has_val || y->closed || y->static_obj)
		return true;
	// &local: an out-parameter, not data.
	return y->addr_var >= 0 && is_local(c->fn->vars[y->addr_var]);
}

static bool closed_args(const ctx *c, const state *s, const int *args,
			unsigned n)
{
	for (unsigned k = 0; k < n; k++)
		if (!is_closed(c, s, args[k]))
			return false;
	return true;
}

// A call mixing closed objects with data from elsewhere may store that
// data into them: they are no longer closed.
static void open_args(state *s, const int *args, unsigned n)
{
	for (unsigned k = 0; k < n; k++) {
		int r = sym_root(s, args[k]);
		if (r >= 0 && !s->syms[r].has_val)
			s->syms[r].closed = false;
	}
}

// Is the test `l OP r` (r < 0: a truth test of l) a self-check? Both
// sides closed, and not a failure test: a resource or a fallible call's
// result compared with a constant (`if (!num)`, `if (rc < 0)`).
bool selfcheck_test(const ctx *c, const state *s, int l, int r)
{
	if (!is_closed(c, s, l) || (r >= 0 && !is_closed(c, s, r)))
		return false;
	int a = sym_root(s, l), b = r >= 0 ? sym_root(s, r) : -1;
	const sym *ya = &s->syms[a];
	const sym *yb = b >= 0 ? &s->syms[b] : NULL;
	if (yb && ya->has_val && yb->has_val)
		return false; // decided anyway
	if (yb && ya->has_val) {
		const sym *t = ya;
		ya = yb;
		yb = t;
	}
	if (!yb || yb->has_val)
		return ya->kind < 0 && !ya->fallible && !ya->static_obj;
	return true; // two closed values: `res != arg`
}

// The units of a Py_BuildValue format written as a literal, blanks left
// out, in `u` (at most `cap - 1` of them). Returns their number, `cap`
// when there are more, or -1 when the call is no such Py_BuildValue.
static int build_units(const ol_kb_entry *ent, const ol_expr *e, char *u,
		       int cap)
{
	if (!ent || strcmp(ent->name, "Py_BuildValue") ||
	    ent->format_arg < 0 || (unsigned)ent->format_arg >= e->nargs)
		return -1;
	const ol_expr *fe = e->args[ent->format_arg];
	if (fe->kind != OL_E_STRING || !fe->text)
		return -1;
	int n = 0;
	for (const char *p = fe->text; *p; p++) {
		if (*p == ' ' || *p == '\t')
			continue;
		if (n == cap - 1)
			return cap; // more than `u` holds
		u[n++] = *p;
	}
	u[n] = '\0';
	return n;
}

// Py_BuildValue with a literal format of one object unit, "N" or "O"
// (blanks aside): the unit, else 0. With one unit Py_BuildValue returns
// the object itself rather than a tuple (the calls taking a build format,
// PyObject_CallMethod, still pack it into their argument tuple).
static int build_single_unit(const ol_kb_entry *ent, const ol_expr *e)
{
	char u[2];
	if (build_units(ent, e, u, sizeof u) != 1 ||
	    (unsigned)ent->nargs >= e->nargs)
		return 0;
	return u[0] == 'N' || u[0] == 'O' ? u[0] : 0;
}

// Py_BuildValue("()") is the shared empty tuple and Py_BuildValue("")
// is None: neither can fail.
static bool build_cannot_fail(const ol_kb_entry *ent, const ol_expr *e)
{
	char u[3];
	int n = build_units(ent, e, u, sizeof u);
	return n == 0 || (n == 2 && !strcmp(u, "()"));
}

// A new reference to an object CPython keeps cached, which cannot fail:
// Py_BuildValue of one small int unit ("i", 5), or of one character
// ("c": a one-byte bytes object, every value cached; "C" of an ASCII
// code, pyfastx's `Py_BuildValue("C", l)` for l in 32..126), or
// PyUnicode_FromString/PyBytes_FromString of a literal of at most one
// ASCII character. CACHED_INT or CACHED_CHAR, else 0.
enum { CACHED_INT = 1, CACHED_CHAR = 2 };
static int cached_made(const state *s, const ol_kb_entry *ent,
		       const ol_expr *e, const int *args)
{
	char u[2];
	if (build_units(ent, e, u, sizeof u) == 1 && u[0] &&
	    strchr("bBhHiIlkLKncC", u[0]) &&
	    (unsigned)ent->format_arg + 1 < e->nargs) {
		unsigned k = (unsigned)ent->format_arg + 1;
		long long lo, hi;
		if (u[0] == 'c')
			return CACHED_CHAR;
		if (u[0] == 'C')
			return proven_range(s, e->args[k], args[k], &lo, &hi) &&
					       lo >= 0 && hi < 0x80
				       ? CACHED_CHAR
				       : 0;
		return proven_small_int(s, e->args[k], args[k]) ? CACHED_INT
								: 0;
	}
	if ((strcmp(ent->name, "PyUnicode_FromString") &&
	     strcmp(ent->name, "PyBytes_FromString")) || e->nargs != 1)
		return 0;
	const ol_expr *lit = strip_casts(e->args[0]);
	return lit && lit->kind == OL_E_STRING && lit->text &&
			       strlen(lit->text) <= 1 &&
			       (unsigned char)lit->text[0] < 0x80
		       ? CACHED_CHAR
		       : 0;
}

// `&x` given to a documented API for an argument whose effect says nothing
// of it (PyUnicode_FSConverter's result, PyArg_UnpackTuple's objects):
// the API may well write x. A format's units say what they write.
static bool out_unknown(const ol_kb_entry *ent, unsigned k)
{
	if (k >= ent->nargs && ent->format_arg >= 0)
		return false;
	ol_kb_effect eff = ol_kb_arg_effect(ent, k);
	return (eff == OL_KB_ARG_NONE || eff == OL_KB_ARG_BORROW) &&
	       !inferred_entry(ent);
}

// The conventional summary of a callee the knowledge base does not know:
// The convention (rules/README.md): a function returning `PyObject *`
// returns a new reference.
// Names of CPython's own (undocumented) API are left alone.
// (A function of the file left out for its errors that returns a
// pointer may hand an argument back, python-snappy's `maybe_resize(str,
// ..)`: what it is given escapes. One returning a status, pillow's
// `setup_module(m)`, borrows by the convention.)
static bool internal_api(const ol_expr *e)
{
	return (e->unanalyzed && e->type.cls == OL_TY_POINTER) ||
	       (e->text && !strncmp(e->text, "_Py", 3));
}

// (C++) A member function we cannot see (`Class::get`) is no API of the
// convention: what it returns is most often a pointer the object keeps.
static bool conventional_new(const ol_expr *e)
{
	return is_pyobj(&e->type) && e->text && !e->unanalyzed &&
	       strncmp(e->text, "_Py", 3) &&
	       strncmp(e->text, "Py", 2) && !strstr(e->text, "::") &&
	       !e->generic_ret;
}

// Where the convention says less: a call whose result the condition
// only tests against NULL (`if (!Queue_push(q, item))`: a status, which
// japronto's helper gives as a borrowed Py_None) or the statement drops,
// or one handed the address of an object embedded in another
// (`Request_new(type, &self->static_request)`: an in-place constructor,
// whose result is that storage, torn down by its owner's dealloc).
static bool convention_silent(const ctx *c, const ol_expr *e)
{
	if (c->tested_call == e)
		return true;
	// Nor one whose result the statement drops (`Raise_TypeError("..");
	// return -1;`: panda3d's helpers set an error and return NULL).
	if (c->discarded_call == e)
		return true;
	for (unsigned k = 0; k < e->nargs; k++) {
		const ol_expr *a = strip_casts(e->args[k]);
		if (a && a->kind == OL_E_ADDR && a->sub[0] &&
		    a->sub[0]->kind == OL_E_MEMBER &&
		    a->sub[0]->type.cls == OL_TY_RECORD && a->sub[0]->type.object)
			return true;
	}
	return false;
}

// The interpreter's start and shutdown are not followed: the code runs
// in a live interpreter. `Py_IsFinalizing()`, and a project's own flag
// read by a function named alike (memgraph's `IsPythonFinalizing()`,
// which its owner's destructor tests before Py_XDECREF), answer 0;
// `Py_IsInitialized()` answers 1. Else -1 (an integer result only).
static int interpreter_query(const ol_expr *e)
{
	if (!e->text || e->type.cls == OL_TY_POINTER)
		return -1;
	if (!strcmp(e->text, "Py_IsInitialized"))
		return 1;
	char plain[64];
	size_t n = 0;
	for (const char *p = e->text; *p && n + 1 < sizeof plain; p++)
		if (*p != '_')
			plain[n++] = (char)((*p >= 'A' && *p <= 'Z') ? *p + 32
								 : *p);
	plain[n] = 0;
	// (`IsFinalizing`, `Py_IsFinalizing`, `IsPythonFinalizing`,
	// `interpreter_is_finalizing`)
	size_t l = strlen("finalizing");
	if (n < l || strcmp(plain + n - l, "finalizing"))
		return -1;
	plain[n - l] = 0;
	return strstr(plain, "is") ? 0 : -1;
}

// `&view` where the variable holds a resource (a Py_buffer): the
// resource, else the address itself.
static int through_addr(const ctx *c, const state *s, int a)
{
	const sym *y = &s->syms[a];
	if (y->addr_var < 0)
		return a;
	// Only a struct variable holds its resource in place; `&ptr` is an
	// out-parameter that receives a new value.
	if (c->fn->vars[y->addr_var]->type.cls != OL_TY_RECORD)
		return a;
	int v = s->env[y->addr_var];
	if (v >= 0 && s->syms[sym_root(s, v)].kind >= 0)
		return v;
	return a;
}

// The answer of a query call (`queries_arg`) from the resource's state:
// a constant 1 or 0, or -1 when the state does not tell.
static int query_result(ctx *c, state *s, const ol_kb_entry *ent, int a)
{
	int r = sym_root(s, through_addr(c, s, a));
	if (r < 0)
		return -1;
	const sym *y = &s->syms[r];
	if (y->kind < 0 || y->kind != kind_index(ent->resource))
		return -1;
	if (y->rs == R_OWNED && (y->link < 0 || y->lk == L_NULL_WITH))
		return sym_const(s, 1);
	if (y->rs == R_RELEASED)
		return sym_const(s, 0);
	return -1;
}

// A borrowed reference or interior pointer lives as long as its owner.
static void set_owner(const ctx *c, state *s, int r, const ol_kb_entry *ent,
		      const int *args, unsigned nargs)
{
	if (ent->borrowed_from < 0 || (unsigned)ent->borrowed_from >= nargs)
		return;
	int o = sym_root(s, through_addr(c, s, args[ent->borrowed_from]));
	if (o >= 0 && o != r && s->syms[o].kind >= 0)
		s->syms[r].owner = o;
}

// The arguments a call steals when it succeeds (`pending`, the last, and
// `more` before it) wait for its result `ret` to be tested: the first one
// followed is the result's own link (L_STEAL), the others are linked to
// the result (L_STOLEN_WITH; the same object passed twice, `atom_new(..,
// cp, cpv, ..)` with `cpv = Py_NewRef(cp)`, is both). One not followed,
// or with no result to wait on, is stolen now; one already waiting on
// another link (rare) is left to it, and not followed as stolen.
static void wait_for_success(ctx *c, state *s, int ret,
			     const ol_kb_entry *ent, int pending,
			     const int *more, unsigned nmore, const char *api,
			     ol_loc loc)
{
	bool can_wait = ret >= 0 && s->syms[ret].link < 0;
	for (unsigned k = 0; k <= nmore; k++) {
		int a = k < nmore ? more[k] : pending;
		sym *y = &s->syms[a];
		bool followed = y->rs == R_OWNED || y->rs == R_BORROWED;
		if (can_wait && followed && s->syms[ret].link < 0) {
			s->syms[ret].link = a;
			s->syms[ret].lk = L_STEAL;
			s->syms[ret].acq = ent;
			s->syms[ret].link_loc = loc;
		} else if (can_wait && followed && y->link < 0) {
			y->link = ret;
			y->lk = L_STOLEN_WITH;
			y->steal_times = 0;
		} else if (can_wait && followed && y->link == ret &&
			   y->lk == L_STOLEN_WITH) {
			if (y->steal_times < UINT8_MAX)
				y->steal_times++;
		} else if (!can_wait || !followed) {
			steal(c, s, a, api, loc);
		}
	}
}

// The flag argument of a `gives_memory_if_flag` hand-off may hold one of
// its bits (PyArray_ENABLEFLAGS(arr, NPY_ARRAY_OWNDATA)): true unless its
// value is known and has none.
static bool may_have_flag(const state *s, const ol_kb_entry *ent,
			  const int *args, unsigned nargs)
{
	if (ent->gives_memory_flag_arg < 0)
		return true;
	if ((unsigned)ent->gives_memory_flag_arg >= nargs)
		return false;
	const sym *v = &s->syms[args[ent->gives_memory_flag_arg]];
	return !v->has_val || (v->val & ent->gives_memory_flag) != 0;
}

// The length of the container `ent` makes, when its length argument is
// known (PyTuple_New(2)), plus 1; else 0.
static uint32_t known_length(const state *s, const ol_kb_entry *ent,
			     const int *args, unsigned nargs)
{
	if (!ent->length_arg1 || (unsigned)ent->length_arg1 > nargs)
		return 0;
	const sym *n = &s->syms[sym_root(s, args[ent->length_arg1 - 1])];
	return n->has_val && n->val >= 0 && n->val < INT32_MAX
		? (uint32_t)n->val + 1 : 0;
}

// Argument `a` is an object one of the functions the entry lists made
// ("nonnull_if_arg0_from": a bytes object PyUnicode_AsUTF8String
// returned), on which the call cannot fail.
static bool made_by_listed(const state *s, const ol_kb_entry *ent, int a)
{
	int r = a >= 0 ? sym_root(s, a) : -1;
	const char *from = r >= 0 ? s->syms[r].acq_name : NULL;
	for (size_t k = 0; from && k < ent->nnonnull_from; k++)
		if (!strcmp(from, ent->nonnull_from[k]))
			return true;
	return false;
}

// Every argument after the first is known not to be NULL (`&p`, `&n`).
static bool out_args_given(const state *s, const int *args, unsigned n)
{
	for (unsigned i = 1; i < n; i++) {
		int r = args[i] >= 0 ? sym_root(s, args[i]) : -1;
		if (r < 0 || (s->syms[r].addr_var < 0 &&
			      s->syms[r].signs != S_POS))
			return false;
	}
	return true;
}

// A container this path made with a length (PyList_New(n),
// PyTuple_New(n)) and holds alone: never lent, stored or shared, no
// reference taken on it but its own. Its slots are what this path put
// there (sm/borrow.c: filling it releases nothing).
bool made_sized_alone(const sym *y)
{
	bool made_sized = y->len1 || (y->acq && y->acq->length_arg1);
	return made_sized && y->rs == R_OWNED && y->refs == 1 && !y->lent &&
	       !y->held_elsewhere && !y->weak;
}

// A call that fails only on a container not made here, or out of its
// range (the KB's fails_only_out_of_range), given a container this path
// made with a length (PyList_New(n)) and holds alone (never lent, stored
// or shared): it cannot fail, unless the index is known to be out of
// range (known, and negative or past a known length). An index the path
// does not know is one the code bounds by the same length (py2bit's
// `PyList_SetItem(ret, j++, tup)` after counting, SRW's loop to n): a
// failure there is an indexing bug, not a condition to handle, and the
// engine keeps no relation between two unknown values to tell. (Nor when
// the container's own allocation was never checked: those calls test its
// type first, so on NULL they crash rather than fail, and that NULL is
// MOJO-OWN-109's. pybluez's `bt_hci_inquiry`.)
static bool in_range(const state *s, const ol_kb_entry *ent,
		     const int *args, unsigned nargs)
{
	if (!ent->in_range_cont1 || (unsigned)ent->in_range_cont1 > nargs ||
	    (unsigned)ent->in_range_index >= nargs)
		return false;
	int o = sym_root(s, args[ent->in_range_cont1 - 1]);
	int i = sym_root(s, args[ent->in_range_index]);
	if (o < 0 || i < 0)
		return false;
	const sym *y = &s->syms[o], *ix = &s->syms[i];
	if (!made_sized_alone(y) || !(y->signs & S_POS))
		return false;
	if (!ix->has_val)
		return !(ix->signs & S_NEG) || ix->signs == S_ALL;
	return ix->val >= 0 && (!y->len1 || ix->val < (long long)y->len1 - 1);
}

// PySequence_GetItem(items, i) of a list this function made (PyMapping_
// Items) and still holds, never lent: the item is a new reference to an
// object the list keeps alive too, so dropping it ends nothing (borrows
// from it, `PyTuple_GetItem(item, 0)`, stay valid while the list lives).
static bool item_of_held_container(const state *s, const ol_kb_entry *ent,
				   const int *args, unsigned nargs)
{
	if (!ent || !ent->item_of_arg1 || (unsigned)ent->item_of_arg1 > nargs)
		return false;
	int o = sym_root(s, args[ent->item_of_arg1 - 1]);
	if (o < 0)
		return false;
	const sym *y = &s->syms[o];
	return y->acq && y->acq->holds_items && y->rs == R_OWNED &&
	       !y->lent && !y->weak && !y->borrowed_base;
}

// Flag argument `k` is known to hold one of `bits`
// (NPY_ARRAY_WRITEBACKIFCOPY in PyArray_FromAny's flags).
static bool known_flag(const state *s, int k, long long bits,
		       const int *args, unsigned nargs)
{
	if (k < 0 || (unsigned)k >= nargs)
		return false;
	const sym *v = &s->syms[args[k]];
	return v->has_val && (v->val & bits) != 0;
}

// The variable whose object memory `a` points into, `&o->index` (or
// `&o->a.b[i]`): o; else NULL.
static const ol_var *inside_object_of(const ol_expr *a)
{
	if (!a || a->kind != OL_E_ADDR)
		return NULL;
	const ol_expr *o = a->sub[0];
	bool arrow = false;
	while (o && (o->kind == OL_E_MEMBER || o->kind == OL_E_INDEX)) {
		arrow = o->kind == OL_E_MEMBER && o->arrow;
		if (arrow)
			break;
		o = o->sub[0];
	}
	return arrow && o->sub[0] && o->sub[0]->kind == OL_E_VAR
		       ? o->sub[0]->var : NULL;
}

// Argument k of call `e` is the object another argument points into
// (`init_index(&obj->index, (PyObject *)obj)`): what the callee keeps of
// it is a back-pointer from the object's own memory to itself, which
// owns nothing (an object holding a reference to itself would never
// die), whatever the callee's summary calls the store.
static bool back_pointer_arg(const ol_expr *e, unsigned k)
{
	const ol_expr *a = e->args[k];
	if (!a || a->kind != OL_E_VAR)
		return false;
	for (unsigned j = 0; j < e->nargs; j++)
		if (j != k && inside_object_of(e->args[j]) == a->var)
			return true;
	return false;
}

// Heap memory not followed, freed by the call: the objects read from its
// fields (a queue's shift, `o = n->head->o; free(n->head); return o;`)
// were its references, the path's now (report.c; nflogr's fifo_shift,
// whose callers' releases were of what they did not own: 4 false rows
// of C++ round 121).
static void read_from_freed_block(state *s, int a)
{
	int r = sym_root(s, a);
	if (r < 0 || s->syms[r].kind >= 0)
		return;
	for (unsigned k = 0; k < s->nfs; k++) {
		const fslot *f = &s->fs[k];
		if (f->read && f->base >= 0 && f->val >= 0 &&
		    sym_root(s, f->base) == r &&
		    s->syms[sym_root(s, f->val)].rs == R_BORROWED)
			s->syms[sym_root(s, f->val)].from_freed_block = true;
	}
}

// `py::cast(ptr, policy)` steals ptr only for the policy its entry names
// (steals_only_if): the value must be known, else the argument borrows.
static bool steal_condition_holds(const state *s, const ol_kb_entry *ent,
				  const int *args, unsigned nargs)
{
	if (!ent->steal_if)
		return true;
	if ((unsigned)ent->steal_if_arg >= nargs)
		return false;
	int r = sym_root(s, args[ent->steal_if_arg]);
	return r >= 0 && s->syms[r].has_val &&
	       s->syms[r].val == ent->steal_if_val;
}

// The object's own deallocator, read from its type, called on the object
// a written-out Py_DECREF released (`(*dealloc)(op)`, eval.c): the
// release was the decrement.
static bool deallocates_released(const state *s, int f, const ol_expr *e)
{
	const char *field = f >= 0 ? s->syms[f].from_field : NULL;
	if (!field || (strcmp(field, "tp_dealloc") && strcmp(field, "tp_free")) ||
	    e->nargs != 1 || e->args[0]->kind != OL_E_VAR ||
	    s->env[e->args[0]->var->id] < 0)
		return false;
	int a = sym_root(s, s->env[e->args[0]->var->id]);
	return a >= 0 && s->syms[a].rs == R_RELEASED;
}

// `o = type->tp_alloc(type, 0); if (PyErr_Occurred()) throw ...;`: an
// API that sets an error exactly when it returns NULL (CPython's, NumPy's,
// the file's own functions that follow the convention), followed at once
// by PyErr_Occurred(), is tested by it. The call's result is marked;
// PyErr_Occurred()'s result, made by the next call, is tied to it
// (L_ERR_OF, settled when either is tested: path.c). Any other call in
// between unmarks it. `err_of`: the marked result before this call.
// `null_arg`: an argument of the call before that raised on it had it
// been NULL (sym.null_raises), which PyErr_Occurred()'s result is tied to
// one way when no result is (L_NONNULL_IF_CLEAR).
static void err_pending_result(state *s, const ol_expr *e,
			       const ol_kb_entry *ent, int ret, int err_of,
			       int null_arg)
{
	if (ret < 0)
		return;
	sym *y = &s->syms[ret];
	// (a helper that answers as PyErr_Occurred() does, with another
	// value for yes: errstate.c)
	bool probe = ent && ent->error_probe;
	uint8_t yes = probe && ent->error_probe_set < 0 ? S_NEG : S_POS;
	bool open = (y->signs & S_ZERO) && (y->signs & yes);
	if (probe || (e->text && !strcmp(e->text, "PyErr_Occurred"))) {
		const sym *r = err_of >= 0 ? &s->syms[err_of] : NULL;
		const sym *a = null_arg >= 0 ? &s->syms[null_arg] : NULL;
		if (r && !(r->signs & S_ZERO) && open) {
			// `if (!o || PyErr_Occurred())` (vampy's plugin
			// constructor): the result already tested not NULL,
			// so no error is set.
			y->signs = S_ZERO;
		} else if (r && (r->signs & S_ZERO) && (r->signs & S_POS) &&
			   y->link < 0 && open) {
			y->link = err_of;
			y->lk = L_ERR_OF;
		} else if (a && (a->signs & S_ZERO) && (a->signs & S_POS) &&
			   y->link < 0 && open) {
			y->link = null_arg;
			y->lk = L_NONNULL_IF_CLEAR;
		} else if (r && r->signs == S_ZERO && open) {
			// `if (!o && PyErr_Occurred())` (clingo's owner
			// class, `Object(PyObject *o)`): the result already
			// tested NULL, so its error is set.
			y->signs = yes;
		}
		return;
	}
	y->err_pending = open && ent && ent->fails_when.cmp == OL_KB_CMP_EQ &&
			 ent->fails_when.is_null &&
			 ent->fails_when.exc == OL_KB_EXC_SET &&
			 (!strcmp(ent->family, "cpython") ||
			  !strcmp(ent->family, "numpy") ||
			  inferred_entry(ent));
}

// `realloc(old, n)` with n possibly 0, of a C library whose realloc frees
// the block and returns NULL for size 0 (glibc): until the path tells n,
// a NULL result may have freed `old`. The block waits on n (path.c's
// settle_links: freed when n is 0, failed when it is not).
static void zero_size_link(state *s, const ol_kb_entry *ent, const int *args,
			   unsigned nargs, int old)
{
	unsigned k = (unsigned)ent->frees_if_zero_arg;
	if (!k || k > nargs || s->syms[old].link >= 0)
		return;
	int n = sym_root(s, args[k - 1]);
	if (n < 0 || !(s->syms[n].signs & S_ZERO))
		return;
	s->syms[old].link = n;
	s->syms[old].lk = L_FREED_IF_ZERO;
}

// The note of an argument given to `api`, "passed to 'API'": made once per
// function explored, as every path through every call of the API needs it.
static const char *passed_to(ctx *c, const char *api)
{
	size_t text;
	if (ol_strmap_get(&c->passed_to, api, &text))
		return (const char *)(uintptr_t)text;
	const char *made = ol_arena_printf(c->a, "passed to '%s'", api);
	ol_strmap_add(&c->passed_to, api, (size_t)(uintptr_t)made);
	return made;
}

// `PyObject_GetAttrString(type, "_weak_cache")` of an object written as a
// type: a class attribute, which the type's dict keeps as long as the type
// lives (zoneinfo's get_weak_cache returns it borrowed after dropping its
// own reference, as CPython's _zoneinfo.c does). A dunder name may be made
// afresh (`__dict__`'s mapping proxy): not counted.
static bool class_attribute(const ol_expr *e, const ol_kb_entry *ent)
{
	if (!ent || !ent->held_by_type_arg || e->nargs < 2)
		return false;
	const ol_expr *obj = e->args[0], *name = e->args[1];
	return is_type_pointer(&obj->type) && name->kind == OL_E_STRING &&
	       name->text && strncmp(name->text, "__", 2) != 0;
}

// Argument `k` of a summary that hands it back on success (`return
// root;`), in a call whose result the statement drops: a pass-through.
// So is one whose result a condition only tests (`if (!check_hash(k))`,
// fastcache) when its failure leaves the argument with the caller.
static bool passes_through(const ctx *c, const ol_expr *e,
			   const ol_kb_entry *ent, unsigned k)
{
	if (!ent || k >= ent->nargs || !ent->args[k].returned)
		return false;
	return c->discarded_call == e ||
	       (c->tested_call == e &&
		ent->args[k].effect == OL_KB_ARG_STEAL_ON_SUCCESS);
}

// (C++) `std::make_shared<T>(args...)` and its kin: a T made with the
// arguments, kept by the smart pointer returned. So with `std::bind(f,
// o, args)`: a call object that keeps copies of its arguments for the
// calls it makes later (polyvr's Python callbacks, `Py_IncRef(o); e =
// bind(execPyCall, o, PyTuple_New(0));`), and with `std::make_pair` and
// `std::make_tuple`, whose value holds them (SimpleOrderbook's `return
// std::make_pair(PyFloat_FromDouble(d), PyLong_FromSize_t(sz));`, both
// released by its caller).
static bool makes_kept_object(const ol_expr *e)
{
	return e->text && (!strcmp(e->text, "std::make_shared") ||
			   !strcmp(e->text, "std::make_unique") ||
			   !strcmp(e->text, "std::allocate_shared") ||
			   !strcmp(e->text, "std::bind") ||
			   !strcmp(e->text, "std::bind_front") ||
			   !strcmp(e->text, "std::make_pair") ||
			   !strcmp(e->text, "std::make_tuple"));
}

// (C++) A container's member, not followed, that keeps a copy of what it
// is given: `v.push_back(o)`, `s.insert(o)`, `d.emplace_front(o)`.
static bool inserts_element(const ol_expr *e)
{
	static const char *const names[] = {
		"push_back", "emplace_back", "push_front", "emplace_front",
		"insert", "emplace", "push", "emplace_hint",
	};
	const char *m = e->text ? strrchr(e->text, ':') : NULL;
	if (!m)
		return false;
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (!strcmp(m + 1, names[i]))
			return true;
	return false;
}

// A helper that never fails and hands back, as a new reference, the
// argument it steals (`PyObject *as_object(PyObject *o) { return o; }`,
// a C++ `AsObject()` returning `this`): an owned argument's reference
// passes through as it is, still the one its acquisition made (the
// steal and the new reference would pair up, but name the helper as the
// reference's origin).
static bool hands_back_owned(const state *s, const ol_kb_entry *ent,
			     unsigned k, int a)
{
	int r = a >= 0 ? sym_root((state *)s, a) : -1;
	return ent && ent->returns_arg == (int)k && ent->ret == OL_KB_RET_NEW &&
	       ent->fails_when.cmp == OL_KB_CMP_NEVER && r >= 0 &&
	       s->syms[r].rs == R_OWNED;
}

static bool passes_through_any(const ctx *c, const ol_expr *e,
			       const ol_kb_entry *ent)
{
	for (unsigned k = 0; ent && k < e->nargs; k++)
		if (passes_through(c, e, ent, k))
			return true;
	return false;
}

// A project's helper whose every return is a value other than 0
// (summary.c): its result `ret` is not 0 either.
static void never_zero(state *s, int ret, const ol_kb_entry *ent)
{
	if (ent->ret_nonzero && s->syms[ret].signs != S_ZERO)
		s->syms[ret].signs &= (uint8_t)~S_ZERO;
}

// Argument `arg` (value `a`) is a pointer to memory or an object given as
// an integer (`(uintptr_t)self`): its number, not what it points to.
static bool address_as_number(const state *s, const ol_expr *arg, int a)
{
	int r = sym_root(s, a);
	return arg->type.cls == OL_TY_INT && r >= 0 &&
	       (s->syms[r].kind == OL_SM_PYREF ||
		s->syms[r].kind == OL_SM_HEAP);
}

int eval_call(ctx *c, state *s, const ol_expr *e)
{
	int callee = e->fn ? eval(c, s, e->fn) : -1;
	if (c->written_decref && deallocates_released(s, callee, e))
		return sym_new(s, S_ALL);
	int stack_args[8];
	int *args = e->nargs <= 8 ? stack_args
				  : ol_xmalloc(sizeof(int) * e->nargs);
	for (unsigned k = 0; k < e->nargs; k++)
		args[k] = eval(c, s, e->args[k]);

	// Test probes (testdata/include/ownlint-test.h).
	if (e->text && !strcmp(e->text, "__ownlint_state") && e->nargs == 1) {
		if (c->opts->probes && !c->quiet && !c->replay)
			ol_diag_sink_notice(c->sink, OL_LEVEL_NOTE, e->loc,
					    "probe", "%s",
					    sym_state_text(c, s, args[0]));
		if (args != stack_args)
			free(args);
		return sym_new(s, S_ALL);
	}

	// The result of the call just before, if it sets an error exactly
	// when it returns NULL: what a PyErr_Occurred() here tests.
	int err_of = -1, null_arg = -1;
	for (unsigned i = 0; i < s->nsyms; i++) {
		if (s->syms[i].err_pending) {
			s->syms[i].err_pending = false;
			err_of = (int)i;
		}
		if (s->syms[i].null_raises) {
			s->syms[i].null_raises = false;
			null_arg = (int)i;
		}
	}

	// The function calling itself while what it returns is learned
	// (summary.c's analyze()): a value of its own, unknown.
	if (calls_itself(c, e) && c->sum->probing) {
		if (args != stack_args)
			free(args);
		return sym_new(s, S_ALL);
	}
	c->callee_incomplete = false;
	const ol_kb_entry *ent = callee_entry(c, e);
	bool incomplete = c->callee_incomplete;
	// A helper that hands its argument back unless an error is set
	// (janus-swi's `m = check_error(PyImport_Import(name))`), where no
	// error can be set but by the call that made that argument, which
	// sets one exactly when it returns NULL: the helper returns the
	// argument, NULL or not, and does nothing else.
	unsigned pass = ent && !incomplete ? ent->passthrough_unless_error : 0;
	if (pass && pass - 1 < e->nargs && err_clear_but_for(s, args[pass - 1])) {
		int r = args[pass - 1];
		if (err_of >= 0)
			s->syms[err_of].err_pending = true;
		if (null_arg >= 0)
			s->syms[null_arg].null_raises = true;
		if (args != stack_args)
			free(args);
		return r;
	}
	// (a call without a name, through a pointer or a dependent name in a
	// template: the macro it was written as, if any)
	const char *api = ent ? ent->name
			  : e->text ? e->text : e->macro ? e->macro : "?";
	// NumPy's API is macros over a table (cfg/npyapi.c): the call is
	// named as the user wrote it (PyArray_SimpleNew, not PyArray_New).
	if (ent && e->macro && ent->family && !strcmp(ent->family, "numpy"))
		api = e->macro;
	int kind = ent ? kind_index(ent->resource) : -1;
	c->closed_call = ent && closed_args(c, s, args, e->nargs);
	int pending = -1; // argument stolen on success
	int pending_more[ACQ_OUT_MAX]; // (and the ones before it)
	unsigned npending_more = 0;
	int pending_incref = -1; // argument given a reference on success
	int debt_arg = -1; // a borrowed argument stolen into a debt
	int handed_back = -1; // an owned argument a helper hands back
	int pending_release = -1; // argument released if the call fails
	int acq_out[ACQ_OUT_MAX]; // out-parameters acquired (or written)
				  // on success
	int nonnull_on_success[ACQ_OUT_MAX]; // (apply_format)
	unsigned nnonnull = 0;
	unsigned nacq = 0;
	// The container a call changes, changed once its arguments are
	// taken: `PyDict_SetItem(d, key, v)` uses a key read from d first.
	int mutate_cont = -1;
	// The native memory the result is made over (over_arg), which the
	// call only borrows.
	int over_mem = -1;

	FOR_EACH_MACHINE(m)
		if (m->before_call)
			m->before_call(c, s, e, ent, args);
	note_nonnull_uses(c, s, e, ent, api, args);
	for (unsigned k = 0; k < e->nargs; k++) {
		ol_kb_effect eff = ent ? ol_kb_arg_effect(ent, k)
				       : OL_KB_ARG_BORROW;
		if (eff == OL_KB_ARG_STEAL && !steal_condition_holds(s, ent,
								      args,
								      e->nargs))
			eff = OL_KB_ARG_BORROW;
		// A constructor of a class not followed: an argument its body
		// stores in the object is kept there, but whether the object
		// owns it is its destructor's (not followed): no longer
		// followed.
		bool ctor_kept = e->ctor && (eff == OL_KB_ARG_STEAL ||
					     eff == OL_KB_ARG_STEAL_ON_SUCCESS);
		if (ctor_kept || ((eff == OL_KB_ARG_STEAL ||
				   eff == OL_KB_ARG_STEAL_ON_SUCCESS) &&
				  back_pointer_arg(e, k)))
			eff = OL_KB_ARG_BORROW;
		// A reference of its own a constructor takes on an argument
		// (a by-value object moved into a member) is the object's,
		// which its destructor releases: the caller's are as they
		// were. (Waiting for a result to test, the last one of
		// boost-histogram's `func_transform(f, i, c, n)` was taken
		// at the caller's return, after the caller released its
		// copy: 1 false row of C++ round 121.)
		if (e->ctor && eff == OL_KB_ARG_INCREF_ON_SUCCESS)
			eff = OL_KB_ARG_BORROW;
		// A static object (`&PyLong_Type`) given to a helper that only
		// keeps its pointer in memory (CPython's `_register_xidata`):
		// no reference of anyone's goes with it.
		if ((eff == OL_KB_ARG_STEAL ||
		     eff == OL_KB_ARG_STEAL_ON_SUCCESS) &&
		    k < ent->nargs && ent->args[k].kept_only &&
		    sym_root(s, args[k]) >= 0 &&
		    s->syms[sym_root(s, args[k])].static_obj)
			eff = OL_KB_ARG_BORROW;
		// A helper that hands its argument back as its result, called
		// for its effect alone (`append_item(i, root);`): the caller
		// keeps using its own reference, so nothing passed through.
		if (passes_through(c, e, ent, k))
			eff = OL_KB_ARG_BORROW;
		int a = args[k];
		if (eff != OL_KB_ARG_ACQUIRE_OUT && eff != OL_KB_ARG_BORROW_OUT &&
		    eff != OL_KB_ARG_REPLACE && eff != OL_KB_ARG_REPLACE_NULL_OK)
			a = through_addr(c, s, a); // PyBuffer_Release(&view)
		ol_holder_lend(s, ent, a);
		const sym *ya = &s->syms[sym_root(s, a)];
		if (ya->from_field && eff != OL_KB_ARG_RELEASE &&
		    eff != OL_KB_ARG_RELEASE_NULL_OK && eff != OL_KB_ARG_CLEAR)
			fact(c, OL_FACT_PASS, ya->from_type, ya->from_field, ya,
			     e->text ? e->text : "(indirect call)", e->loc,
			     ya->from_param0, NULL);
		// A pointer handed over with the function that releases it
		// (handoff.c).
		handoff h = handoff_at(c, e, ent, k);
		if (h.how != HANDOFF_NONE) {
			hand_off(c, s, a, &h, api, e->loc);
			if (h.how == HANDOFF_TAKEN_ON_SUCCESS)
				pending = sym_root(s, a);
			continue;
		}
		// An effect speaks of one resource kind: a heap block passed
		// where a CPython API expects an untracked `void *` (a capsule
		// pointer) is, for the heap, a call to unknown code.
		bool applies = ent && effect_applies(c, s, a, ent, k);
		const char *how = passed_to(c, api);
		// PyArg_Parse*'s variadic arguments are where it writes
		// (apply_format): `&view` of a view released in the loop's
		// previous turn is filled again by "s*", not used.
		bool parse_out = ent && ent->format_kind == OL_KB_FORMAT_PARSE &&
				 k >= ent->nargs;
		switch (parse_out ? OL_KB_ARG_NONE
			: applies ? eff : OL_KB_ARG_BORROW) {
		case OL_KB_ARG_RELEASE:
		case OL_KB_ARG_RELEASE_NULL_OK:
		case OL_KB_ARG_CLEAR:
			if (kind >= 0 && ent->resource &&
			    !strcmp(ent->resource, "heap"))
				read_from_freed_block(s, a);
			c->rel_via = s->syms[args[k]].addr_var;
			release(c, s, a, api, e->loc,
				eff != OL_KB_ARG_RELEASE);
			c->rel_via = -1;
			break;
		case OL_KB_ARG_RELEASE_ON_SUCCESS:
			// Resolved when the result is tested (realloc).
			use_check(c, s, a, e->loc, how);
			break;
		case OL_KB_ARG_RELEASE_ON_FAILURE:
			use_check(c, s, a, e->loc, how);
			pending_release = sym_root(s, a);
			break;
		case OL_KB_ARG_NONE:
			// Not a resource for this API, but a borrow of a released
			// owner is dangling whatever the callee does with it
			// (PyBytes_FromStringAndSize(view.buf, n) after the
			// release).
			if (s->syms[sym_root(s, a)].owner >= 0)
				use_check(c, s, a, e->loc, how);
			break;
		case OL_KB_ARG_MUTATE:
			use_check(c, s, a, e->loc, how);
			mutate_cont = sym_root(s, a);
			break;
		case OL_KB_ARG_KEEP:
			use_check(c, s, a, e->loc, how);
			if (sym_root(s, a) >= 0) {
				sym *y = &s->syms[sym_root(s, a)];
				bool was_held = y->held_elsewhere;
				y->held_elsewhere = true;
				ol_holder_take(c, s, ent, args, e->nargs, k,
					       false, was_held, e->loc);
			}
			break;
		case OL_KB_ARG_STEAL: {
			if (hands_back_owned(s, ent, k, a)) {
				handed_back = sym_root(s, a);
				break;
			}
			if (ent->macro && k == 2 && ent->nargs >= 3)
				c->slot_cont = sym_root(s, args[0]);
			bool was_held = sym_root(s, a) >= 0 &&
					s->syms[sym_root(s, a)].held_elsewhere;
			bool owed = sym_root(s, a) >= 0 &&
				    s->syms[sym_root(s, a)].debt_ev;
			steal(c, s, a, api, e->loc);
			if (sym_root(s, a) >= 0 && !owed &&
			    s->syms[sym_root(s, a)].rs == R_BORROWED &&
			    !s->syms[sym_root(s, a)].static_obj &&
			    s->syms[sym_root(s, a)].debt_ev &&
			    ent->fails_when.cmp != OL_KB_CMP_NEVER &&
			    ent->fails_when.cmp != OL_KB_CMP_UNKNOWN)
				debt_arg = sym_root(s, a);
			c->slot_cont = -1;
			ol_holder_take(c, s, ent, args, e->nargs, k, true,
				       was_held, e->loc);
			break;
		}
		case OL_KB_ARG_STEAL_ON_SUCCESS:
			use_check(c, s, a, e->loc, how);
			if (pending >= 0 && npending_more < ACQ_OUT_MAX)
				pending_more[npending_more++] = pending;
			pending = sym_root(s, a);
			break;
		case OL_KB_ARG_INCREF_ON_SUCCESS:
			use_check(c, s, a, e->loc, how);
			pending_incref = sym_root(s, a);
			break;
		case OL_KB_ARG_STORE:
			// `ob->ob_type = type` done by the callee.
			use_check(c, s, a, e->loc, how);
			store_escape(s, a);
			stored_elsewhere(c, s, a, e->loc, NULL);
			break;
		case OL_KB_ARG_INCREF:
		case OL_KB_ARG_INCREF_NULL_OK:
			// (A helper's body may test for NULL first, PyCXX's
			// `_XINCREF`: its own uses say whether a NULL harms.)
			incref(c, s, kind, a, e->args[k], api, e->loc,
			       eff == OL_KB_ARG_INCREF_NULL_OK ||
				       inferred_entry(ent));
			// A helper of the project that returns a structure
			// by value keeps the reference in it (qutepart's
			// `set.str = s; Py_INCREF(set.str); return set;`),
			// where the caller may store it or give it back:
			// as incref_kept(), no leak is told of it.
			if (e->type.cls == OL_TY_RECORD && inferred_entry(ent) &&
			    sym_root(s, a) >= 0 &&
			    s->syms[sym_root(s, a)].rs == R_OWNED)
				s->syms[sym_root(s, a)].weak = true;
			break;
		case OL_KB_ARG_REPLACE:
		case OL_KB_ARG_REPLACE_NULL_OK: {
			int old = out_var_old(s, a);
			// `Py_INCREF(k); PyUnicode_InternInPlace(&k);
			// Py_DECREF(k);` of a borrowed key: what comes back is
			// that key or its interned twin, each alive through
			// others' references once ours is dropped.
			bool lent = ent->replaced_by_held && old >= 0 &&
				    sym_root(s, old) >= 0 &&
				    s->syms[sym_root(s, old)].borrowed_base;
			if (old >= 0)
				release(c, s, old, api, e->loc, true);
			// Only a local's new value is followed; `&p->field`
			// keeps its value in the field.
			int nv = kind >= 0 && s->syms[a].addr_var >= 0
				? new_resource(c, s, kind, S_ZERO | S_POS,
					       ent, api, e->loc)
				: -1;
			set_out(c, s, a, nv);
			if (nv >= 0 && lent)
				s->syms[nv].held_elsewhere = true;
			if (nv >= 0 && nacq < 4)
				acq_out[nacq++] = nv;
			break;
		}
		case OL_KB_ARG_ACQUIRE_OUT: {
			int old = out_var_old(s, a);
			if (old >= 0)
				escape(s, old);
			int nv = kind >= 0 && s->syms[a].addr_var >= 0
				? new_resource(c, s, kind, S_ZERO | S_POS,
					       ent, api, e->loc)
				: -1;
			set_out(c, s, a, nv);
			if (nv >= 0 && old >= 0)
				keep_fields(s, old, nv);
			if (nv >= 0 && nacq < 4)
				acq_out[nacq++] = nv;
			if (nv >= 0 &&
			    !is_local(c->fn->vars[s->syms[a].addr_var])) {
				// Created in a global or static (a module's
				// TSS key): owned by it, as `g = key;` is.
				const ol_var *g = c->fn->vars[s->syms[a].addr_var];
				bind_fact(c, s, g, nv, e->loc);
				escape(s, nv);
			}
			if (nv < 0 && kind >= 0 && e->args[k]->kind == OL_E_ADDR &&
			    e->args[k]->sub[0]->kind == OL_E_MEMBER &&
			    e->args[k]->sub[0]->text) {
				// Created in a field (`&st->key` of a module
				// state, `&self->dev`): owned by its struct, as
				// `st->key = key;` is (MOJO-OWN-110, issue 12).
				nv = new_resource(c, s, kind, S_POS, ent, api,
						  e->loc);
				store(c, s, e->args[k]->sub[0], nv);
				// (acquired only when the call says so: pikepdf's
				// BufferView throws when PyObject_GetBuffer
				// failed, with nothing in its `buf_`)
				if (nacq < 4)
					acq_out[nacq++] = nv;
			}
			break;
		}
		case OL_KB_ARG_BORROW_OUT:
			set_out(c, s, a,
				kind >= 0 && ol_sm_at((size_t)kind)->borrow_out
					? new_borrowed(c, s, S_ZERO | S_POS, api,
						       e->loc, false)
					: -1);
			break;
		default:
			// (An object's address as a number, `key =
			// (uintptr_t)self` looked up in a map after tp_free:
			// private_attribute_cpp's dealloc, C++ round 104. No
			// memory is read through it. A resource that is a
			// number, a thread-specific key, is still used.)
			if (!address_as_number(s, e->args[k], a))
				use_check(c, s, a, e->loc, how);
			// A value Py_BuildValue (or a call taking its format)
			// builds from may be NULL: it returns NULL and keeps the
			// error set (`_PyBytes_Resize(&buf, n); return
			// Py_BuildValue("(N())", buf);`, python-fdsend, C round
			// 101). The test of its result is the test of the value.
			if (!(ent && ent->format_kind == OL_KB_FORMAT_BUILD &&
			      k >= ent->nargs))
				status_check(c, s, a, e->loc, how);
			break;
		}
		if (!applies && ent &&
		    (eff == OL_KB_ARG_RELEASE || eff == OL_KB_ARG_RELEASE_NULL_OK) &&
		    cross_kind_release(c, s, a, ent, api, e->loc))
			continue;
		// Taken over or not as a flag argument says (summary.c): no
		// longer followed.
		if (ent && k < ent->nargs &&
		    (ent->args[k].flag_taken || ctor_kept) &&
		    sym_root(s, a) >= 0) {
			escape(s, sym_root(s, a));
			// (a reference taken on it later may be the object's:
			// `: _p(o) { Py_INCREF(o); }`)
			if (ctor_kept)
				s->syms[sym_root(s, a)].weak = true;
		}
		if (!applies) {
			int r = sym_root(s, a);
			const sym *y = &s->syms[r];
			const ol_sm *m = sm_of(y);
			// A reference handed to a C library's `void *` slot
			// (set_panel_userptr, a callback's user data) is kept
			// there as an opaque pointer.
			bool opaque = !ent && k < 32 && (e->void_params >> k & 1) &&
				      m && m->escape_into_void_param;
			// The CUDA runtime only borrows the host memory it
			// copies from or to (cudaMemcpy's `borrow`): a heap
			// staging buffer stays ours (issue 12).
			bool cuda_borrow = ent && eff == OL_KB_ARG_BORROW &&
					   !strcmp(ent->family, "cuda");
			// An array made over a native buffer does not take
			// it (NumPy's PyArray_New `data`): it borrows it.
			bool over = ent && ent->over_arg == (int)k && r >= 0 &&
				    y->rs == R_OWNED && y->kind >= 0;
			if (over)
				over_mem = r;
			if (m && !cuda_borrow && !over &&
			    (m->escape_on_unknown_call || opaque ||
			     (!ent && internal_api(e))))
				escape(s, r);
			// (C++) A borrowed object given to a library member
			// that may keep it (dpsim's `self->refs.push_back(o);
			// Py_INCREF(o);`, the vector its dealloc releases): a
			// store, which a Py_INCREF that follows pays for, as
			// after `self->x = o;`. (Not a parameter's value: its
			// summary would call that a steal.)
			if (opaque && e->method && inserts_element(e) &&
			    y->rs == R_BORROWED && y->param < 0 &&
			    y->kind == OBJECT_KIND && y->owed < UINT8_MAX) {
				s->syms[r].owed++;
				s->syms[r].handed_over = true;
			}
			// (C++) A constructor of a class not followed, which we
			// know nothing of (IcePy's PyObjectHandle, defined in
			// another file): the object it makes may keep the
			// reference, so one taken on it now may be the object's
			// (`: _p(o) { Py_INCREF(o); }`): not certain.
			// So with an object the standard library makes and
			// keeps (`std::make_shared<OwnedRefNoGIL>(arg)`, then
			// `Py_INCREF(arg)`: pyarrow).
			if ((e->ctor || makes_kept_object(e)) && !ent &&
			    r >= 0 && y->kind == OBJECT_KIND)
				s->syms[r].weak = true;
		}
		// f(&x): a callee we know nothing of, or one whose summary
		// or annotations say it stores through the argument, may
		// change x (a struct such as a Py_buffer keeps its identity).
		// A pointer parameter of ours handed on is written through
		// too, as far as our own summary is concerned.
		bool writes = !ent || (k < ent->nargs && ent->args[k].writes) ||
			      out_unknown(ent, k);
		if (!writes)
			continue;
		int r = sym_root(s, a);
		const sym *y = &s->syms[r];
		if (y->addr_var >= 0 &&
		    c->fn->vars[y->addr_var]->type.cls != OL_TY_RECORD) {
			int old = s->env[y->addr_var];
			if (old >= 0)
				escape(s, old);
			s->env[y->addr_var] = -1;
		}
		if (is_pointer(&e->args[k]->type) && !is_pyobj(&e->args[k]->type))
			written_through(c, s, a);
	}
	if (mutate_cont >= 0)
		mutated(c, s, mutate_cont, api, e->loc);
	first_arg_after_call(c, s, e, ent, args, api);
	// A callee whose analysis stopped at its budget may release or keep
	// what it is given: say less, stop following it.
	for (unsigned k = 0; incomplete && k < e->nargs; k++)
		escape(s, through_addr(c, s, args[k]));
	FOR_EACH_MACHINE(m)
		if (m->after_args)
			m->after_args(c, s, e, ent, args);
	// A field's relation to a static object kept across calls
	// (eval.c's keep_tested_reads()) is not kept across one that may
	// write through the object's pointer. (The file's own functions:
	// the fields kept are those none of them that Python code reaches
	// assigns; their summaries' `writes` cannot tell one field from
	// another, and a recursion makes it true.)
	for (unsigned k = 0; k < e->nargs; k++) {
		int r = sym_root(s, args[k]);
		if (r < 0 || (ent && !strcmp(ent->family, "summary")))
			continue;
		if (!ent || incomplete || k >= ent->nargs ||
		    ent->args[k].writes || out_unknown(ent, k)) {
			drop_stale(s, r, NULL);
			forget_int_reads_of(c, s, r);
		}
	}
	// Code the call runs may change globals and fields first; what it
	// writes through its out-parameters (`&g` of PyArg_ParseTuple's
	// "O") is what they hold after it.
	if (!ent || (ent->runs_python && !summary_keeps_memory(ent))) {
		forget_memory(c, s);
		if (c->sum)
			c->sum->stores = true; // (the code may)
	}
	int single = build_single_unit(ent, e);
	if (ent && ent->format_kind != OL_KB_FORMAT_NONE && !single)
		nacq += apply_format(c, s, e, args, ent, acq_out + nacq,
				     ACQ_OUT_MAX - nacq, nonnull_on_success,
				     &nnonnull);

	if (ent && ent->resolves_writeback_arg >= 0 &&
	    (unsigned)ent->resolves_writeback_arg < e->nargs &&
	    sym_root(s, args[ent->resolves_writeback_arg]) >= 0)
		s->syms[sym_root(s, args[ent->resolves_writeback_arg])]
			.writeback = false;
	if (ent && ent->gives_memory_arg >= 0 &&
	    (unsigned)ent->gives_memory_arg < e->nargs &&
	    may_have_flag(s, ent, args, e->nargs))
		memory_given(s, args[ent->gives_memory_arg]);
	int ret, known;
	if (single) {
		// Py_BuildValue("N", x) is x itself; ("O", x) is x with one
		// more reference. Neither fails unless x is NULL.
		ret = args[ent->nargs];
		if (single == 'O')
			incref(c, s, kind, ret, NULL, api, e->loc, true);
	} else if (passes_through_any(c, e, ent)) {
		ret = sym_new(s, S_ALL); // (dropped: the argument itself)
	} else if (ent && ent->returns_arg >= 0 &&
	    (unsigned)ent->returns_arg < e->nargs) {
		ret = args[ent->returns_arg];
		if (ent->ret == OL_KB_RET_NEW && handed_back < 0) // Py_NewRef
			incref(c, s, kind, ret, NULL, api, e->loc, true);
		// PyObject_Init(op, tp) is op, and tp gains the reference
		// the object keeps unless op is NULL: the result is no new
		// value to wait on, so it is taken now where op may be
		// non-NULL (a NULL op makes it fail without it).
		if (pending_incref >= 0 && s->syms[ret].signs != S_ZERO)
			incref_kept(c, s, pending_incref, ent, e->loc);
		pending_incref = -1;
	} else if (ent && (ent->ret == OL_KB_RET_ACQUIRE ||
			   ent->ret == OL_KB_RET_NEW) && kind >= 0) {
		uint8_t signs = signs_on_return(ent);
		bool cached = ent->cached_result;
		if (ent->small_int_arg >= 0 &&
		    (unsigned)ent->small_int_arg < e->nargs &&
		    proven_small_int(s, e->args[ent->small_int_arg],
				     args[ent->small_int_arg]))
			cached = true; // PyLong_FromLong(0): never NULL
		int made = cached_made(s, ent, e, args);
		if (made)
			cached = true;
		if (cached)
			signs = S_POS;
		// (Py_BuildValue("") is None, ("()") the shared empty tuple:
		// cached objects, which a lost reference frees nothing of.)
		bool built_cached = build_cannot_fail(ent, e);
		if (built_cached)
			signs = S_POS;
		if (ent->nonnull_if_arg >= 0 &&
		    (unsigned)ent->nonnull_if_arg < e->nargs) {
			// PyTuple_New(0): the shared empty tuple;
			// PyArray_DescrFromType(NPY_DOUBLE): a built-in one.
			const sym *v = &s->syms[args[ent->nonnull_if_arg]];
			if (v->has_val && v->val >= ent->nonnull_lo &&
			    v->val <= ent->nonnull_hi)
				signs = S_POS;
		}
		ret = new_resource(c, s, kind, signs, ent, api, e->loc);
		s->syms[ret].len1 = known_length(s, ent, args, e->nargs);
		// (PyRun_String(.., Py_file_input, ..): None, or NULL)
		bool none = ent->none_if_arg >= 0 &&
			    (unsigned)ent->none_if_arg < e->nargs &&
			    s->syms[args[ent->none_if_arg]].has_val &&
			    s->syms[args[ent->none_if_arg]].val ==
				    ent->none_if_val;
		s->syms[ret].cached_obj = cached || none || built_cached;
		s->syms[ret].cached_char = made == CACHED_CHAR;
		s->syms[ret].over = over_mem;
		s->syms[ret].writeback = known_flag(s, ent->writeback_flag_arg,
						    ent->writeback_flag, args,
						    e->nargs);
		// realloc-style: the old block is released when this succeeds.
		for (unsigned k = 0; k < e->nargs; k++)
			if (ol_kb_arg_effect(ent, k) ==
				    OL_KB_ARG_RELEASE_ON_SUCCESS) {
				int old = sym_root(s, args[k]);
				// (A block an earlier reallocation made,
				// its result never tested, reallocated
				// again: that one succeeded, or the code
				// would not go on with it. `p = realloc(p,
				// n)` in a loop keeps one pending block,
				// not a chain of them.)
				if (old >= 0 && s->syms[old].lk == L_REALLOC)
					realloc_succeeded(c, s, old, e->loc);
				if (old >= 0 && s->syms[old].rs == R_OWNED &&
				    s->syms[old].signs != S_ZERO) {
					s->syms[ret].link = old;
					s->syms[ret].lk = L_REALLOC;
					zero_size_link(s, ent, args, e->nargs,
						       old);
				}
			}
	} else if (ent && ent->ret == OL_KB_RET_BORROWED) {
		ret = new_borrowed(c, s, signs_on_return(ent), api, e->loc,
				   false);
		s->syms[ret].acq = ent;
		set_owner(c, s, ret, ent, args, e->nargs);
	} else if (ent && ent->ret == OL_KB_RET_INTERIOR) {
		ret = sym_new(s, signs_on_return(ent));
		s->syms[ret].acq_name = api;
		set_owner(c, s, ret, ent, args, e->nargs);
	} else if (ent && ent->queries_arg >= 0 &&
		   (unsigned)ent->queries_arg < e->nargs &&
		   (ret = query_result(c, s, ent, args[ent->queries_arg])) >= 0) {
		// PyThread_tss_is_created(&key): known from the key's state.
	} else if (ent && ent->ret == OL_KB_RET_NULL) {
		ret = sym_const(s, 0);
	} else if (ent && e->type.cls == OL_TY_POINTER &&
		   ent->fails_when.cmp == OL_KB_CMP_NEVER &&
		   (!strcmp(ent->family, "cpython") || inferred_entry(ent))) {
		// A CPython accessor documented never to fail (for libc
		// functions "never fails" does not mean "never NULL": strchr).
		ret = sym_new(s, S_POS);
		// Memory a project's helper hands out without acquiring it
		// for us (an arena's _PyArena_Malloc): its owner is elsewhere.
		s->syms[ret].foreign_mem = inferred_entry(ent) &&
					   !is_pyobj(&e->type);
	} else if (e->type.cls == OL_TY_INT && inferred_entry(ent) &&
		   ent->fails_when.cmp == OL_KB_CMP_NEVER) {
		// A helper of the project's that returns no negative value
		// (summary.c): `if (helper(..) < 0)` is never taken; one
		// that returns 0 on every path, `if (helper(..) != 0)`.
		ret = ent->ret_zero ? sym_const(s, 0) : sym_fresh(s, &e->type);
		if (s->syms[ret].signs & (S_ZERO | S_POS))
			s->syms[ret].signs &= S_ZERO | S_POS;
		never_zero(s, ret, ent);
	} else if (e->type.cls == OL_TY_INT && inferred_entry(ent) &&
		   ent->ret_nonzero) {
		// ... that returns no zero (summary.c): `if (!helper(..))` is
		// never taken.
		ret = sym_fresh(s, &e->type);
		never_zero(s, ret, ent);
	} else if (!ent && conventional_new(e) && !convention_silent(c, e)) {
		ret = new_resource(c, s, OBJECT_KIND, S_ZERO | S_POS,
				   NULL, api, e->loc);
	} else if ((known = interpreter_query(e)) >= 0) {
		ret = sym_const(s, known);
	} else {
		ret = sym_fresh(s, &e->type);
		s->syms[ret].foreign_mem =
			(!ent || inferred_entry(ent)) &&
			is_pointer(&e->type) && !is_pyobj(&e->type);
	}
	// Conditional effects wait for the result to be tested (an unknown
	// call that takes a pointer with its destroy function: below 0 is
	// its failure).
	if (pending >= 0)
		wait_for_success(c, s, ret, handoff_entry(c, ent, api),
				 pending, pending_more, npending_more, api,
				 e->loc);
	// `r = PyList_SetItem(l, i, v); if (r == 0) Py_INCREF(v);`: the
	// debt waits for the result (settle_links()).
	if (debt_arg >= 0 && ret >= 0 && s->syms[ret].link < 0 &&
	    s->syms[ret].rs == R_NONE) {
		s->syms[ret].link = debt_arg;
		s->syms[ret].lk = L_DEBT;
		s->syms[ret].acq = ent;
		s->syms[ret].link_loc = e->loc;
	}
	if (pending_incref >= 0 && ret >= 0 && s->syms[ret].link < 0) {
		s->syms[ret].link = pending_incref;
		s->syms[ret].lk = L_INCREF;
		s->syms[ret].acq = ent;
	}
	// Released when the call fails: waits for the result's test.
	if (pending_release >= 0 && ret >= 0 && s->syms[ret].link < 0 &&
	    s->syms[ret].rs == R_NONE) {
		s->syms[ret].link = pending_release;
		s->syms[ret].lk = L_RELEASE_FAIL;
		s->syms[ret].acq = ent;
		s->syms[ret].link_loc = e->loc;
	}
	// Out-parameters are acquired only when the call succeeds: each
	// waits (reverse link) for the result to be tested.
	for (unsigned k = 0; k < nacq && ret >= 0 && ent; k++) {
		if (ent->acquired_when.cmp == OL_KB_CMP_UNKNOWN ||
		    ent->acquired_when.cmp == OL_KB_CMP_ALWAYS)
			break;
		s->syms[acq_out[k]].link = ret;
		s->syms[acq_out[k]].lk = L_ACQ_ON;
		s->syms[ret].acq = ent;
	}
	nonnull_where_succeeded(s, e, ent, args, ret, nonnull_on_success,
				nnonnull);
	// `PyErr_Fetch(&t, &v, &tb)`: no error, nothing in any of them.
	for (unsigned k = 1; ent && ent->outs_null_with_first && k < nacq;
	     k++) {
		s->syms[acq_out[k]].link = acq_out[0];
		s->syms[acq_out[k]].lk = L_NULL_WITH;
	}
	// ... and the indicator emptied before the call (by PyErr_Clear, or
	// in a handler of pybind11's error_already_set, whose constructor
	// fetched the error), with nothing since that could set it: all of
	// them NULL.
	for (unsigned k = 0; ent && ent->outs_null_with_first &&
			     ent->error_indicator == OL_KB_ERR_CLEARS &&
			     k < nacq && s->err_emptied &&
			     err_certainly_clear(s); k++)
		s->syms[acq_out[k]].signs = S_ZERO;
	// `PyErr_NormalizeException(&t, &v, &tb)`: an exception, and a value.
	if (ent && ent->second_nonnull_with_first && nacq > 1)
		s->syms[acq_out[1]].nonnull_with = acq_out[0];
	if (ent)
		take_static_kept(c, s, ent, api, e->loc);
	err_pending_result(s, e, ent, ret, err_of, null_arg);
	null_raises_after_call(s, e, ent, args, ret);
	err_state_call(c, s, e, ent, ret);
	if (ret >= 0 && ent && c->closed_call)
		s->syms[ret].closed = true;
	if (ret >= 0 && ent && ent->held_elsewhere)
		s->syms[ret].held_elsewhere = true;
	if (ret >= 0 && e->opaque_owner)
		s->syms[ret].weak = true;
	// (and what it writes to its out-parameters: PyContextVar_Get's
	// value, which the context keeps)
	for (unsigned k = 0; ent && ent->held_elsewhere && k < nacq; k++)
		s->syms[acq_out[k]].held_elsewhere = true;
	if (ret >= 0 && item_of_held_container(s, ent, args, e->nargs))
		s->syms[ret].held_elsewhere = true;
	if (ret >= 0 && class_attribute(e, ent))
		s->syms[ret].held_elsewhere = true;
	if (ret >= 0 && ent && ent->nnonnull_from && e->nargs > 0 &&
	    made_by_listed(s, ent, args[0])) {
		// (a status, `PyBytes_AsStringAndSize(utf8, &p, &n)` of the
		// bytes PyUnicode_AsUTF8String made: it succeeds, when every
		// pointer it is given is there to write to; without its
		// length it also fails on an embedded NUL)
		if (ent->fails_when.is_null)
			s->syms[ret].signs = S_POS;
		else if (ent->fails_when.cmp == OL_KB_CMP_LT &&
			 ent->fails_when.value == 0 &&
			 out_args_given(s, args, e->nargs)) {
			s->syms[ret].signs = S_ZERO;
			s->syms[ret].has_val = true;
			s->syms[ret].val = 0;
		}
	}
	// `PyUnicode_Check(o)` again: the answer it gave for the same object
	// (kept as a pseudo field of the object, named after the check: not
	// forgotten at calls, dropped once no later check of that name may
	// come, fieldlive.c).
	const ol_expr *checked = NULL;
	const char *check = type_check_of(e, &checked);
	// (`PyType_HasFeature(tp, Py_TPFLAGS_HEAPTYPE)` of a type, not
	// behind a check's macro: a type's flags stay, eval.c's
	// immutable_read(); one pseudo field per flag)
	if (!check && e->text && !strcmp(e->text, "PyType_HasFeature") &&
	    e->nargs == 2 && args[1] >= 0 && s->syms[args[1]].has_val) {
		check = ol_arena_printf(c->a, "PyType_HasFeature&%lld",
					s->syms[args[1]].val);
		checked = e->args[0];
	}
	if (ret >= 0 && check && s->syms[ret].kind < 0 &&
	    !s->syms[ret].has_val) {
		int o = checked == e->args[0] ? sym_root(s, args[0])
			: checked->kind == OL_E_VAR && s->env[checked->var->id] >= 0
			? sym_root(s, s->env[checked->var->id]) : -1;
		fslot *f = o >= 0 ? field_slot(s, o, check) : NULL;
		if (f)
			ret = f->val;
		else if (o >= 0)
			field_add(s, o, check, ret, false);
	}
	// PyTuple_SetItem(t, 0, v) on the tuple PyTuple_New(1) just made:
	// it succeeds.
	if (ret >= 0 && ent && in_range(s, ent, args, e->nargs) &&
	    s->syms[ret].kind < 0 && !s->syms[ret].has_val) {
		s->syms[ret].signs = S_ZERO;
		s->syms[ret].has_val = true;
		s->syms[ret].val = 0;
	} else
	// A pure call on closed arguments fails or not whatever happens
	// around it: a test of its result is a self-check.
	if (ret >= 0 && ent && ent->fails_when.cmp != OL_KB_CMP_NEVER &&
	    ent->fails_when.cmp != OL_KB_CMP_UNKNOWN &&
	    !(ent->pure && c->closed_call))
		s->syms[ret].fallible = true;
	if (!c->closed_call)
		open_args(s, args, e->nargs);
	c->closed_call = false;
	// A flag the callee sets with its NULL (nullflag.c).
	nullflag_after_call(s, ent, args, e->nargs, ret);
	FOR_EACH_MACHINE(m)
		if (m->after_call)
			m->after_call(c, s, e, ent, args, e->nargs, ret,
				      acq_out, nacq);
	// (C++) An object of a class returned by value that this file does
	// not follow (its destructor defined in another file: dolphin's
	// `Py::Object Py::Wrap(PyObject *)`, whose file's summary says it
	// returns the new reference it is given): the object holds the
	// reference, and what it does with it is not seen here.
	if (ret >= 0 && e->type.cls == OL_TY_RECORD && ent &&
	    sym_root(s, ret) >= 0 &&
	    s->syms[sym_root(s, ret)].rs == R_OWNED)
		escape(s, sym_root(s, ret));
	if (args != stack_args)
		free(args);
	return ret;
}
