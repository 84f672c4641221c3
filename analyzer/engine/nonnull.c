/*
 * nonnull.c — the arguments a call's success says were not NULL.
 *
 * Many calls fail when an argument they are given is NULL: a format unit
 * `O` of Py_BuildValue, PyList_Append's item, an object of
 * PyObject_CallFunctionObjArgs' list (a NULL ends it, and the call made
 * without it fails where the callable needs it), the object most of the
 * abstract API is asked about (null_error()'s SystemError). So where the
 * call succeeded, such an argument was not NULL: a later `Py_DECREF` of
 * it needs no test of its own. Each argument that may be NULL is tied to
 * the call's result (sym.nonnull_with), and the test of the result
 * settles it (path.c's settle_acquired()). What is said here is said of
 * the call's success only: where it failed, the argument may be NULL or
 * not, as before.
 *
 * The other side is MOJO-OWN-109, a value that may be NULL given where
 * NULL crashes: before the call's effects, note_nonnull_uses() remembers
 * the first such use of an unchecked result, for the finding a later
 * dereference or release makes; after them, first_arg_after_call() says
 * what the call tells of the object a CPython API works on (NULL written
 * as such or known here: the finding now; else not NULL after).
 *
 * Called by eval_call() (call.c), in its order: note_nonnull_uses()
 * before the call's effects, first_arg_after_call() after the arguments'
 * effects; once the result is known, nonnull_where_succeeded() before the
 * out-parameters' links, null_raises_after_call() after the error
 * indicator's.
 */
#include "engine_int.h"

#include <string.h>

// Argument `a`, which may be NULL, is not NULL where the call whose
// result is `ret` succeeded (path.c's settle_acquired()): a result not
// NULL, or with `status`, one not below 0. `keep_first`: an earlier such
// link stays.
static void nonnull_on_success_of(state *s, int a, int ret, bool status,
				  bool keep_first)
{
	int r = sym_root(s, a);
	if (r < 0 || r == ret || !(s->syms[r].signs & S_ZERO) ||
	    s->syms[r].signs == S_ZERO ||
	    (keep_first && s->syms[r].nonnull_with >= 0))
		return;
	s->syms[r].nonnull_with = ret;
	s->syms[r].nonnull_if_ok = status;
}

// The first of the objects a call of `ent` takes as a list ended by NULL
// (PyObject_CallFunctionObjArgs: 1; PyObject_CallMethodObjArgs: 2), else
// 0.
static unsigned objargs_call(const ol_kb_entry *ent)
{
	if (!ent || !ent->name)
		return 0;
	if (!strcmp(ent->name, "PyObject_CallFunctionObjArgs"))
		return 1;
	if (!strcmp(ent->name, "PyObject_CallMethodObjArgs"))
		return 2;
	return 0;
}

// CPython APIs that raise on a NULL first argument (a SystemError from
// PyErr_BadInternalCall or abstract.c's null_error(), and -1 or NULL):
// `v = PyLong_AsLong(o); if (PyErr_Occurred()) ..` finds no error only
// when `o` was not NULL. (A NULL given to one is no crash:
// first_arg_after_call() below.) With `conversions_only`, the first list
// alone: the conversions and queries after which a NULL path ends.
static bool raises_on_null(const ol_kb_entry *ent, bool conversions_only)
{
	static const char *const raisers[] = {
		"PyLong_AsLong", "PyLong_AsLongAndOverflow", "PyLong_AsLongLong",
		"PyLong_AsLongLongAndOverflow", "PyLong_AsSsize_t",
		"PyLong_AsSize_t", "PyLong_AsUnsignedLong",
		"PyLong_AsUnsignedLongLong", "PyLong_AsUnsignedLongMask",
		"PyLong_AsUnsignedLongLongMask", "PyLong_AsVoidPtr",
		"_PyLong_AsInt", "PyLong_AsInt",
		"PyLong_AsDouble", "PyFloat_AsDouble",
		"PyObject_Size", "PyObject_Length", "PySequence_Size",
		"PySequence_Length", "PyMapping_Size", "PyMapping_Length",
		"PyObject_GetItem", "PySequence_GetItem", "PySequence_Tuple",
		"PySequence_List", "PyNumber_Long", "PyNumber_Float",
		"PyNumber_Index",
	};
	// (the rest of abstract.c's null_error() callers: pyctree's
	// unchecked `PySequence_Repeat(vline, n)`, C round 120)
	static const char *const others[] = {
		"PyObject_Type", "PyObject_SetItem", "PyObject_DelItem",
		"PyObject_DelItemString", "PyMapping_GetItemString",
		"PyMapping_SetItemString", "PyMapping_Keys",
		"PyMapping_Values", "PyMapping_Items", "PyNumber_Negative",
		"PyNumber_Positive", "PyNumber_Absolute", "PyNumber_Invert",
		"PySequence_Concat", "PySequence_Repeat",
		"PySequence_InPlaceConcat", "PySequence_InPlaceRepeat",
		"PySequence_SetItem", "PySequence_DelItem",
		"PySequence_GetSlice", "PySequence_SetSlice",
		"PySequence_DelSlice", "PySequence_Fast",
	};
	if (!ent || strcmp(ent->family, "cpython") || ent->nargs == 0)
		return false;
	for (size_t i = 0; i < sizeof raisers / sizeof raisers[0]; i++)
		if (!strcmp(ent->name, raisers[i]))
			return true;
	for (size_t i = 0; !conversions_only &&
			   i < sizeof others / sizeof others[0]; i++)
		if (!strcmp(ent->name, others[i]))
			return true;
	return false;
}

static bool raises_on_null_arg0(const ol_kb_entry *ent)
{
	return raises_on_null(ent, false);
}


// A CPython API whose first argument, an object it borrows, must not be
// NULL. The C API does not accept NULL unless documented; these few are.
static bool first_arg_nonnull(const ol_kb_entry *ent)
{
	static const char *const null_ok[] = {
		"PyObject_Repr", "PyObject_Str", "PyObject_ASCII",
		"PyObject_Bytes", "PyObject_Print",
		"PyErr_GivenExceptionMatches", "PySet_New", "PyFrozenSet_New",
		"Py_XNewRef", "_Py_XNewRef",
		// ("any of the values may be NULL, in which case None is
		// used"; NULL asks for the names in the current scope; a
		// cell may start empty)
		"PySlice_New", "PyObject_Dir", "PyCell_New",
		// ("If obj is NULL, only the traceback is printed")
		"PyErr_WriteUnraisable",
		// (a NULL category is RuntimeWarning)
		"PyErr_WarnEx", "PyErr_WarnFormat",
		// (abstract.c's null_error(): SystemError, and NULL or -1)
		"PyObject_Size", "PyObject_Length", "PySequence_Size",
		"PySequence_Length", "PyMapping_Size", "PyMapping_Length",
		"PySequence_Fast", "PyObject_GetItem", "PySequence_GetItem",
		"PySequence_Tuple", "PySequence_List", "PyObject_Type",
		// (call.c: a NULL object or callable is null_error()'s
		// SystemError and NULL, cigram's C++ round 66)
		"PyObject_CallMethod", "_PyObject_CallMethod_SizeT",
		"PyEval_CallMethod", "PyObject_CallMethodObjArgs",
		"PyObject_CallFunction", "_PyObject_CallFunction_SizeT",
		"PyEval_CallFunction", "PyObject_CallFunctionObjArgs",
		// (object.c: NULL is not callable, 0)
		"PyCallable_Check",
	};
	if (strcmp(ent->family, "cpython") || ent->nargs == 0 ||
	    ol_kb_arg_effect(ent, 0) != OL_KB_ARG_BORROW)
		return false;
	for (size_t i = 0; i < sizeof null_ok / sizeof null_ok[0]; i++)
		if (!strcmp(ent->name, null_ok[i]))
			return false;
	return true;
}

// MOJO-OWN-109: an unchecked result given where the callee needs a
// non-NULL value (an index of its entry's "nonnull_args", or the object a
// CPython API works on) is where a NULL would first do harm; the first
// such use on the path is remembered. It is no finding by itself (some of
// these APIs test for NULL and raise, PyLong_AsLong's SystemError): the
// finding waits for a use that cannot take NULL, a dereference or a
// release, and then names this one (report_unchecked()).
void note_nonnull_uses(ctx *c, state *s, const ol_expr *e,
			      const ol_kb_entry *ent, const char *api,
			      const int *args)
{
	if (!ent)
		return;
	// A call in the body of one of CPython's macros (the Py_TYPE of
	// PyList_GET_ITEM's assert) is named as the user wrote it.
	if (e->macro && (!strncmp(e->macro, "Py", 2) ||
			 !strncmp(e->macro, "_Py", 3)))
		api = e->macro;
	for (unsigned k = 0; k < e->nargs && k < 32; k++) {
		if (!(ent->nonnull_args >> k & 1) &&
		    !(k == 0 && first_arg_nonnull(ent)))
			continue;
		int r = sym_root(s, args[k]);
		if (r < 0)
			continue;
		// A value the callee crashes on when NULL (its entry says so:
		// glibc's __nonnull, PyUnicode_FromString's strlen()) is not
		// NULL after the call, as after a dereference: `sig =
		// PyUnicode_FromString(s); free(s); if (s == NULL) ..` takes
		// the test's false branch only (ndtypes, C round 87). Not a
		// result waiting for its test (the MOJO-OWN-109 below), nor an
		// API that raises on NULL (first_arg_nonnull()).
		// A reallocation's result so given succeeded, as one
		// dereferenced did (report.c): its old block is released
		// (inotipy's `e = PyMem_RawRealloc(e, n); memcpy(e, ..);
		// return e;`, C round 122; its failure crashes there).
		if ((ent->nonnull_args >> k & 1) &&
		    s->syms[r].lk == L_REALLOC && (s->syms[r].signs & S_POS))
			realloc_succeeded(c, s, r, e->loc);
		if ((ent->nonnull_args >> k & 1) && !unchecked(&s->syms[r]) &&
		    (s->syms[r].signs & S_POS)) {
			s->syms[r].signs = S_POS;
			if (args[k] >= 0 && (s->syms[args[k]].signs & S_POS))
				s->syms[args[k]].signs = S_POS;
		}
		// (Nor is a NULL given to an API that raises on it harm
		// there: the first use that needs the value is a later one,
		// pyctree's `Py_DECREF(vline)` after `PySequence_Repeat(vline,
		// n)`, C round 120.)
		if (s->syms[r].need_ev || !unchecked(&s->syms[r]) ||
		    (k == 0 && raises_on_null_arg0(ent)))
			continue;
		s->syms[r].need_ev = hist_add(
			c, c->h, e->loc,
			ol_arena_printf(c->a, "passed to '%s'", api));
	}
}

// MOJO-OWN-109: NULL given to an API that needs an object (its first
// argument): NULL written as such, or an acquisition this path found to
// have failed. (A variable merely initialized to NULL may have been
// filled by a call this engine does not see write it: say less.)
static void null_argument(ctx *c, state *s, const ol_expr *arg, int r,
			  const char *api, ol_loc loc)
{
	sym *y = &s->syms[r];
	if (y->signs != S_ZERO)
		return;
	const sym *about = y->kind >= 0 && y->acq_ev ? y : NULL;
	if (!about && arg->kind != OL_E_NULL)
		return;
	report(c, OL_CHECK_OWN_UNCHECKED, about, loc,
	       about ? ol_arena_printf(c->a, "%s is NULL on this path and is "
				       "passed to '%s', which does not "
				       "accept NULL", describe(c, y), api)
		     : ol_arena_printf(c->a, "NULL is passed to '%s', which "
				       "does not accept NULL", api),
	       ol_arena_printf(c->a, "passed to '%s' while NULL", api));
	// (What this path does after the crash is not run: findings there
	// would be of code that never executes.)
	c->crashed = true;
}

// What a call whose first argument must be an object (first_arg_nonnull())
// says of it. NULL written as such, or an acquisition this path found to
// have failed: MOJO-OWN-109 (null_argument()), unless the API raises on
// NULL (`raises`: the number conversions,
// raises_on_null_arg0()), where the code goes on with SystemError set and
// -1: a path seldom meant (an item a lookup did not find, converted
// anyway), not followed further, and not told. (Followed, it multiplies
// the states of a function that converts many items: gridlabd's
// update_solution reached its budget before a true leak.) Otherwise the
// object is not NULL after the call (or the call crashed), so a later `if
// (obj != NULL)` is decided (PyObject_GetBuffer(obj, ...),
// PyList_Append(list, ...)); a result whose documented failure is NULL
// keeps its doubt, and MOJO-OWN-109 speaks at the dereference or release
// that cannot take NULL.
void first_arg_after_call(ctx *c, state *s, const ol_expr *e,
			  const ol_kb_entry *ent, const int *args,
			  const char *api)
{
	if (!ent || e->nargs == 0 || !first_arg_nonnull(ent))
		return;
	bool raises = raises_on_null_arg0(ent);
	// (NULL written as such has type `void *`: the cast to the
	// parameter's type is not kept.)
	if (!raises &&
	    (is_pyobj(&e->args[0]->type) || e->args[0]->kind == OL_E_NULL))
		null_argument(c, s, e->args[0], sym_root(s, args[0]), api,
			      e->loc);
	int r = sym_root(s, args[0]);
	if (!is_pyobj(&e->args[0]->type) || r < 0)
		return;
	sym *y = &s->syms[r];
	// (The number conversions end the path; the other operations go
	// on with the NULL, released later perhaps: pyctree's
	// `Py_DECREF(vline)` after `PySequence_Repeat(vline, n)` is the
	// crash, MOJO-OWN-109 there.)
	if (raises && raises_on_null(ent, true) && y->signs == S_ZERO &&
	    y->kind >= 0 && y->acq_ev)
		c->crashed = true;
	if ((y->signs & S_POS) && !unchecked(y))
		y->signs = S_POS;
}

void nonnull_where_succeeded(state *s, const ol_expr *e,
			     const ol_kb_entry *ent, const int *args, int ret,
			     const int *listed, unsigned nlisted)
{
	// `Py_BuildValue("(OO)", a, b)` fails when a or b is NULL: each
	// one that may be NULL waits for the result's test.
	for (unsigned k = 0; k < nlisted && ret >= 0 &&
			     (s->syms[ret].signs & S_ZERO);
	     k++)
		nonnull_on_success_of(s, listed[k], ret, false,
				      false);
	// `PyList_Append(l, item)` fails when item is NULL: where it
	// succeeded, item was not (XCSoar's, libyt's and ChimeraX's
	// `Py_DECREF(item)` after the append's test).
	int nk = ent ? ent->nonnull_on_success_arg1 - 1 : -1;
	if (nk >= 0 && (unsigned)nk < e->nargs && ret >= 0 &&
	    ent->fails_when.cmp == OL_KB_CMP_LT && ent->fails_when.value == 0)
		nonnull_on_success_of(s, args[nk], ret, true, true);
	// A predicate that answers 0 for NULL (`PyCallable_Check`, which
	// never fails): where it answered true, the argument was not NULL
	// (adonthell's `if (PyCallable_Check(f))` before the call of f).
	if (nk >= 0 && (unsigned)nk < e->nargs && ret >= 0 &&
	    ent->fails_when.cmp == OL_KB_CMP_NEVER &&
	    e->type.cls == OL_TY_INT)
		nonnull_on_success_of(s, args[nk], ret, false, true);
	// `PyObject_CallFunctionObjArgs(write, bytes, NULL)`: a NULL `bytes`
	// ends the list there, and the call made without it fails where the
	// callable needs it (mrhttp's `transport.write(bytes)`, C round 79):
	// where it succeeded, each object it was given was not NULL. (Said
	// less than proved: a callable whose argument is optional succeeds
	// without it.)
	unsigned first_vararg = objargs_call(ent);
	for (unsigned k = first_vararg; first_vararg && ret >= 0 &&
					(s->syms[ret].signs & S_ZERO) &&
					k < e->nargs;
	     k++)
		if (is_object_pointer(&e->args[k]->type))
			nonnull_on_success_of(s, args[k], ret, false, true);
	// A function nothing is known of, given an object that may be NULL
	// and returning a pointer the caller tests (simuPOP's SWIG
	// conversion, `op = toOpPointer(item); if (!op) throw ..;`): where
	// it succeeded, the object was one it could use. Said less than
	// proved: only for a callee no entry or summary describes.
	for (unsigned k = 0; !ent && ret >= 0 && is_pointer(&e->type) &&
			     (s->syms[ret].signs & S_ZERO) &&
			     s->syms[ret].signs != S_ZERO && k < e->nargs;
	     k++)
		if (sym_root(s, args[k]) >= 0 &&
		    s->syms[sym_root(s, args[k])].kind == OL_SM_PYREF)
			nonnull_on_success_of(s, args[k], ret, false, true);
}

void null_raises_after_call(state *s, const ol_expr *e,
			    const ol_kb_entry *ent, const int *args, int ret)
{
	// (`PyLong_AsLong(o)` with `o` untested: for a PyErr_Occurred()
	// that follows)
	int a0 = e->nargs > 0 ? sym_root(s, args[0]) : -1;
	if (a0 >= 0 && raises_on_null_arg0(ent) &&
	    (s->syms[a0].signs & S_ZERO) && (s->syms[a0].signs & S_POS))
		s->syms[a0].null_raises = true;
	// ... and answers -1: where an integer it returned is 0 or more
	// (`n = PySequence_Size(seq)` then `i < n` with `i` from 0, over
	// an unchecked PySequence_Fast: roadrunner), the object was not
	// NULL.
	if (a0 >= 0 && ret >= 0 && raises_on_null_arg0(ent) &&
	    !is_pointer(&e->type) && e->type.cls == OL_TY_INT &&
	    ((ent->fails_when.cmp == OL_KB_CMP_EQ &&
	      ent->fails_when.value == -1) ||
	     (ent->fails_when.cmp == OL_KB_CMP_LT &&
	      ent->fails_when.value == 0)))
		nonnull_on_success_of(s, args[0], ret, true, true);
}
