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
 * Called by eval_call() (call.c) once the result is known, in its order:
 * nonnull_where_succeeded() before the out-parameters' links,
 * null_raises_after_call() after the error indicator's.
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
// when `o` was not NULL. (call.c: a NULL given to one is no crash.)
bool raises_on_null_arg0(const ol_kb_entry *ent)
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
	if (!ent || strcmp(ent->family, "cpython") || ent->nargs == 0)
		return false;
	for (size_t i = 0; i < sizeof raisers / sizeof raisers[0]; i++)
		if (!strcmp(ent->name, raisers[i]))
			return true;
	return false;
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
