/*
 * errstate.c — the error indicator along a path: what `PyErr_Occurred()`
 * answers.
 *
 * Code written against the C API often tests the indicator instead of
 * each result: two calls, then one `if (PyErr_Occurred()) goto cleanup;`
 * (Polygon3), a `PyErr_Format(..); break;` out of a loop and the test
 * after it (pyglpk), a `PyDict_GetItem()` (which raises nothing) followed
 * by the test (fastcache). Taking the test as a free choice made paths
 * that cannot happen: a NULL result used on the branch that says no
 * error is set, an object leaked on the branch that skips the cleanup an
 * error that is set must take.
 *
 * Each state carries what is known of the indicator (state.err):
 *   ERR_UNKNOWN  nothing (the entry of a helper, which may be called
 *                with an error set; after a call of unknown effect)
 *   ERR_CLEAR    no error is set, unless one of the tied results
 *                (sym.err_tied) says its call failed: an API that sets an
 *                error exactly when it fails (`"fails_when": "ret ==
 *                NULL"` or `"ret < 0"` / `"ret == -1"`, exception set)
 *                ties its result while that is open (one that changes
 *                or takes an argument and fails below 0 returns 0 or -1:
 *                a non-zero result is its failure)
 *   ERR_SET      an error is set
 * The entry of a function only CPython calls (a method, a slot but a
 * teardown) is ERR_CLEAR: the interpreter calls none with an error set.
 * The calls:
 *   "error_indicator": "sets" (PyErr_SetString, and every entry that
 *       always fails: PyErr_Format, PyErr_NoMemory)        -> ERR_SET
 *   "error_indicator": "clears" (PyErr_Clear, PyErr_Fetch, PyErr_Print)
 *                                                        -> ERR_CLEAR
 *   "error_indicator": "changes" (PyErr_Restore)         -> ERR_UNKNOWN
 *   an API of CPython or NumPy (or a summary) that fails as above: its
 *       result tied (ERR_UNKNOWN becomes ERR_CLEAR with that tie: an API
 *       is called with no error set; ERR_SET stays)
 *   one whose failure may raise nothing (PyIter_Next: "ret == NULL
 *       (maybe exception)"): tied too, but its failure says nothing of
 *       the indicator, only its success does (an item comes with none)
 *   one that never fails, or fails with no exception (PyDict_GetItem),
 *       by its documentation (not a summary's), or a C library's
 *       function (libc, pthreads, CUDA): no change
 *   anything else (a function of unknown effect, a value that may be an
 *       error or not: PyLong_AsLong's -1)                -> ERR_UNKNOWN
 * `PyErr_Occurred()` is then decided when it can be: ERR_SET or a tied
 * result known to have failed: an error; ERR_CLEAR with every tie known
 * to have succeeded: none. Else it is open, and its test settles the ties
 * (err_state_tested()): no error, every tied call succeeded; an error
 * with one tie open, that call failed. (Only until the next call: tested
 * after it, the result says nothing of the calls tied since.)
 *
 * A helper of the project that asks `PyErr_Occurred()` first thing and
 * returns one constant when it says yes, 0 when no (nbdkit's
 * `check_python_failure()`, which prints the error first: a summary's
 * `error_probe`, summary.c), or returns its answer itself (snowflake's
 * `return UNLIKELY(PyErr_Occurred());`, 1 for yes), answers as
 * PyErr_Occurred() does, its result 0 or that constant; where it said
 * yes, the error it reported may be cleared since (ERR_UNKNOWN).
 *
 * A helper that asks `PyErr_Occurred()` first thing, returns NULL where
 * it says yes and its argument as it came where it says no (janus-swi's
 * `check_error(obj)`: a summary's `passthrough_unless_error`), called
 * where no error can be set but by the call that made that argument
 * (err_clear_but_for()), is that argument (call.c). A helper of the file
 * that calls nothing that may raise (`raises_nothing`, summary.c) leaves
 * the indicator alone, and its result is tied to nothing.
 *
 * A tied result dropped once tested keeps what the test said (`if
 * (PyDict_SetItem(..)) break;`: on that branch, an error is set).
 *
 * Limits: at most MAX_TIES open ties (past that, ERR_UNKNOWN); a tied
 * result dropped while open (`PyObject_CallMethod(f, "close", NULL);`)
 * makes the indicator unknown, but for a call that acquires through an
 * out-parameter what is still held (`PyObject_GetBuffer(b, &view, 0);`,
 * the view taken as acquired: its call succeeded, and set no error); a
 * Python callback that clears an error it did not raise is not modelled.
 */
#include "engine_int.h"

#include <string.h>

#define MAX_TIES 4

// What a tied result says of its call: 1 failed, 0 succeeded, -1 open.
static int tie_failed(const sym *y)
{
	if (y->err_tied == ERR_TIE_STATUS) // (0 or -1)
		return !(y->signs & S_ZERO) ? 1
		       : !(y->signs & S_NEG) ? 0 : -1;
	uint8_t fail = y->err_tied == ERR_TIE_NEG ? S_NEG : S_ZERO;
	if (!(y->signs & fail))
		return 0;
	return (y->signs & ~fail) ? -1 : 1;
}

// A call of the C API that changes or takes one of its arguments
// (PyDict_SetItem, PyList_Append, PyModule_AddObject) and fails below 0
// returns 0 or -1 (as path.c's acquired() takes too); a query
// (PyObject_IsTrue, PySequence_Contains) may answer 1.
static bool status_api(const ol_kb_entry *ent)
{
	for (unsigned k = 0; k < ent->nargs; k++) {
		ol_kb_effect x = ent->args[k].effect;
		if (x != OL_KB_ARG_NONE && x != OL_KB_ARG_BORROW)
			return true;
	}
	return false;
}

static void untie_all(state *s)
{
	for (unsigned i = 0; i < s->nsyms; i++)
		s->syms[i].err_tied = ERR_TIE_NONE;
}

static void set_err(state *s, uint8_t err)
{
	s->err = err;
	untie_all(s);
}

void err_state_entry(const ctx *c, state *s)
{
	s->err = interp_contract(c->fn) ? ERR_CLEAR : ERR_UNKNOWN;
}

// How a failure of `ent` shows in its result, when it sets an error
// exactly then: ERR_TIE_ZERO (NULL or 0), ERR_TIE_STATUS (non-zero, of a
// 0-or--1 status), ERR_TIE_NEG (negative); ERR_TIE_MAYBE when a NULL may
// come with an error or without (only a success says none is set); else
// ERR_TIE_NONE.
static uint8_t tie_kind(const ol_kb_entry *ent)
{
	const ol_kb_cond *f = &ent->fails_when;
	// (PyIter_Next: NULL with an error or without, an item only with
	// none)
	if (f->exc == OL_KB_EXC_MAYBE && f->cmp == OL_KB_CMP_EQ &&
	    f->is_null && !inferred_entry(ent))
		return ERR_TIE_MAYBE;
	if (f->exc != OL_KB_EXC_SET)
		return ERR_TIE_NONE;
	if (f->cmp == OL_KB_CMP_EQ && (f->is_null || f->value == 0))
		return ERR_TIE_ZERO;
	if (f->cmp == OL_KB_CMP_LT && f->value == 0 && !inferred_entry(ent) &&
	    status_api(ent))
		return ERR_TIE_STATUS;
	if ((f->cmp == OL_KB_CMP_EQ && f->value == -1) ||
	    (f->cmp == OL_KB_CMP_LT && f->value == 0))
		return ERR_TIE_NEG;
	return ERR_TIE_NONE;
}

// Whether `ent` follows the C API's convention for the indicator.
static bool python_api(const ol_kb_entry *ent)
{
	return !strcmp(ent->family, "cpython") ||
	       !strcmp(ent->family, "numpy") || inferred_entry(ent);
}

// Whether `ent` is a C library's, which never touches the indicator.
bool err_c_library(const ol_kb_entry *ent)
{
	static const char *const families[] = {
		"libc", "heap", "pthread", "cuda", "glib", "dbus",
	};
	for (size_t i = 0; i < sizeof families / sizeof *families; i++)
		if (!strcmp(ent->family, families[i]))
			return true;
	return false;
}

// `PyErr_Occurred()`'s result `ret`, or a helper's that answers as it
// does with `set_signs` for yes (errstate's probe, summary.c): decided,
// or marked for its test.
static void occurred(state *s, int ret, uint8_t set_signs)
{
	sym *y = &s->syms[ret];
	if (s->err == ERR_SET) {
		y->signs = set_signs;
		return;
	}
	if (s->err != ERR_CLEAR)
		return;
	unsigned open = 0;
	bool maybe = false; // (a call that failed, raising or not)
	for (unsigned i = 0; i < s->nsyms; i++) {
		if (!s->syms[i].err_tied)
			continue;
		int f = tie_failed(&s->syms[i]);
		if (f == 1 && s->syms[i].err_tied == ERR_TIE_MAYBE) {
			maybe = true;
		} else if (f == 1) {
			y->signs = set_signs;
			return;
		}
		open += f < 0;
	}
	if (maybe)
		return;
	if (!open)
		y->signs = S_ZERO;
	else
		y->err_probe = true;
}

static void call_changes(const ctx *c, state *s, const ol_expr *e,
			 const ol_kb_entry *ent, int ret);

// (state.err_emptied: what a PyErr_Fetch gives, call.c. Not the
// indicator the engine takes to be clear because a tied call is taken
// to be made with none set: CPython's own helpers call the API with an
// error pending.)
void err_state_call(const ctx *c, state *s, const ol_expr *e,
		    const ol_kb_entry *ent, int ret)
{
	bool was = s->err_emptied;
	call_changes(c, s, e, ent, ret);
	s->err_emptied = (ent && ent->error_indicator == OL_KB_ERR_CLEARS) ||
			 (was && err_certainly_clear(s));
}

static void call_changes(const ctx *c, state *s, const ol_expr *e,
			 const ol_kb_entry *ent, int ret)
{
	(void)c;
	// (A PyErr_Occurred() result tested after a later call tests an
	// indicator that call may have changed: no longer a probe.)
	for (unsigned i = 0; i < s->nsyms; i++)
		s->syms[i].err_probe = s->syms[i].err_probe_helper = false;
	if (e->text && !strcmp(e->text, "PyErr_Occurred")) {
		if (ret >= 0)
			occurred(s, ret, S_POS);
		return;
	}
	// A helper that answers what PyErr_Occurred() answered (nbdkit's
	// `if (check_python_failure("config") == -1)` after a call): its
	// test tests the indicator, and where it said yes, the error it
	// reported may be cleared since (PyErr_Print).
	if (ent && ent->error_probe && ret >= 0) {
		// (0 or the value it says yes with: nothing else)
		sym *r = &s->syms[ret];
		r->signs &= (uint8_t)(S_ZERO | (ent->error_probe_set < 0
							? S_NEG : S_POS));
		r->has_lo = r->has_hi = true;
		r->lo = ent->error_probe_set < 0 ? ent->error_probe_set : 0;
		r->hi = ent->error_probe_set < 0 ? 0 : ent->error_probe_set;
		occurred(s, ret, ent->error_probe_set < 0 ? S_NEG : S_POS);
		s->syms[ret].err_probe_helper = s->syms[ret].err_probe;
		if (s->syms[ret].signs != S_ZERO && !s->syms[ret].err_probe &&
		    !((s->syms[ret].signs & S_ZERO)))
			set_err(s, ERR_UNKNOWN); // (reported, maybe cleared)
		return;
	}
	// (a helper of the file that calls nothing that may raise,
	// janus-swi's `py_lookup_hashmap(table, name)`, NULL when absent:
	// its NULL is no failure, and the indicator stays as it was)
	if (ent && ent->raises_nothing)
		return;
	if (s->err == ERR_UNKNOWN && !ent)
		return;
	if (!ent) {
		set_err(s, ERR_UNKNOWN);
		return;
	}
	switch (ent->error_indicator) {
	case OL_KB_ERR_SETS:
		set_err(s, ERR_SET);
		return;
	case OL_KB_ERR_CLEARS:
		set_err(s, ERR_CLEAR);
		return;
	case OL_KB_ERR_CHANGES:
		set_err(s, ERR_UNKNOWN);
		return;
	default:
		break;
	}
	if (!python_api(ent)) {
		// (a C library's function: the indicator is not its business;
		// anything else, a C++ library's or an annotated function,
		// unknown)
		if (!err_c_library(ent))
			set_err(s, ERR_UNKNOWN);
		return;
	}
	const ol_kb_cond *f = &ent->fails_when;
	if (f->cmp == OL_KB_CMP_ALWAYS && f->exc == OL_KB_EXC_SET) {
		set_err(s, ERR_SET);
		return;
	}
	// (what the documentation says cannot fail, or fails raising
	// nothing, leaves the indicator alone; a summary says less: the
	// helper may raise on paths that return nothing)
	if ((f->cmp == OL_KB_CMP_NEVER || f->exc == OL_KB_EXC_NONE) &&
	    !inferred_entry(ent))
		return;
	uint8_t kind = ret >= 0 ? tie_kind(ent) : ERR_TIE_NONE;
	if (s->err == ERR_SET && kind)
		return;
	if (!kind) {
		set_err(s, ERR_UNKNOWN);
		return;
	}
	sym *y = &s->syms[ret];
	y->err_tied = kind;
	int failed = tie_failed(y);
	if (failed == 0) {
		// (cannot fail here: no trace of it)
		y->err_tied = ERR_TIE_NONE;
		if (s->err == ERR_UNKNOWN)
			set_err(s, ERR_CLEAR);
		return;
	}
	if (s->err == ERR_UNKNOWN) {
		// An API is called with no error set: from here, its failure
		// alone sets one.
		set_err(s, ERR_CLEAR);
		y->err_tied = kind;
	}
	unsigned open = 0;
	for (unsigned i = 0; i < s->nsyms; i++)
		open += s->syms[i].err_tied && tie_failed(&s->syms[i]) < 0;
	if (open > MAX_TIES)
		set_err(s, ERR_UNKNOWN);
}

bool err_certainly_clear(const state *s)
{
	if (s->err != ERR_CLEAR)
		return false;
	for (unsigned i = 0; i < s->nsyms; i++)
		if (s->syms[i].err_tied && tie_failed(&s->syms[i]) != 0)
			return false;
	return true;
}

bool err_clear_but_for(state *s, int a)
{
	if (s->err != ERR_CLEAR)
		return false;
	int r = a >= 0 ? sym_root(s, a) : -1;
	// (A call before, whose result nobody tested, is taken to have
	// succeeded, as the code that went on takes it: `size =
	// PyDict_Size(d)` used as a size.)
	for (unsigned i = 0; i < s->nsyms; i++)
		if (s->syms[i].err_tied && tie_failed(&s->syms[i]) == 1 &&
		    (int)i != a && (int)i != r)
			return false;
	return true;
}

bool err_state_tested(ctx *c, state *s, int i, ol_loc loc)
{
	sym *y = &s->syms[i];
	if (!y->err_probe || ((y->signs & S_ZERO) && y->signs != S_ZERO))
		return true;
	y->err_probe = false;
	bool helper = y->err_probe_helper;
	y->err_probe_helper = false;
	if (s->err != ERR_CLEAR)
		return true;
	bool set = y->signs != S_ZERO;
	int open[MAX_TIES + 1];
	uint8_t kind[MAX_TIES + 1];
	unsigned n = 0;
	for (unsigned k = 0; k < s->nsyms && n <= MAX_TIES; k++) {
		const sym *t = &s->syms[k];
		if (t->err_tied && tie_failed(t) < 0) {
			kind[n] = t->err_tied;
			open[n++] = (int)k;
		}
	}
	set_err(s, set ? ERR_SET : ERR_CLEAR);
	// No error: every tied call succeeded. An error, and one call could
	// have set it: that one failed.
	if (set && n != 1) {
		if (helper)
			set_err(s, ERR_UNKNOWN);
		return true;
	}
	for (unsigned k = 0; k < n; k++) {
		if (!set && kind[k] == ERR_TIE_MAYBE)
			continue; // (no error: it may have failed raising none)
		cond rc = {.sym = open[k], .op = OL_OP_EQ, .k = 0,
			   .known = -1, .stat = -1, .other = -1,
			   .exact_of = -1, .bool_sym = -1, .held_by = -1,
			   .null_if_eq = -1};
		if (kind[k] == ERR_TIE_NEG)
			rc.op = OL_OP_LT;
		bool truth = set;
		if (kind[k] == ERR_TIE_STATUS)
			truth = !set; // (`== 0` is the success)
		if (!assume(c, s, &rc, truth, loc))
			return false;
	}
	if (set && helper)
		set_err(s, ERR_UNKNOWN); // (the helper may have cleared it)
	return true;
}

// What the call whose result `i` is acquired through an out-parameter
// (a Py_buffer view: L_ACQ_ON) outlives that result: dropped untested,
// the call is taken to have succeeded, the view acquired (report.c's
// collect()), and so no error was set by it (bencode-py's
// `PyObject_GetBuffer(b, &view, 0); if (PyErr_Occurred()) throw ..;`,
// C++ round 115).
static bool acquisition_kept(const state *s, const int *map, int i)
{
	for (unsigned j = 0; j < s->nsyms; j++)
		if (map[j] >= 0 && s->syms[j].lk == L_ACQ_ON &&
		    s->syms[j].link == i)
			return true;
	return false;
}

void err_state_dropped(state *s, const int *map)
{
	if (s->err != ERR_CLEAR)
		return;
	// (a result tested and dropped, `if (PyDict_SetItem(..))`, leaves
	// what its test said; one dropped untested, an unknown)
	uint8_t err = ERR_CLEAR;
	for (unsigned i = 0; i < s->nsyms; i++) {
		if (map[i] >= 0 || !s->syms[i].err_tied ||
		    acquisition_kept(s, map, (int)i))
			continue;
		int failed = tie_failed(&s->syms[i]);
		// (a failure that may have raised nothing says nothing)
		if (failed > 0 && s->syms[i].err_tied != ERR_TIE_MAYBE)
			err = ERR_SET;
		else if (failed != 0 && err == ERR_CLEAR)
			err = ERR_UNKNOWN;
	}
	if (err != ERR_CLEAR)
		set_err(s, err);
}
