/*
 * gil.c — the `gil` kind: a thread state saved while the GIL is released,
 * and PyGILState_Ensure tokens.
 *
 *   GIL held --PyEval_SaveThread / Py_BEGIN_ALLOW_THREADS--> released;
 *       the saved thread state is owned
 *   released --PyEval_RestoreThread(_save) / Py_END_ALLOW_THREADS--> held
 *   released --return / goto out of the block--> [MOJO-OWN-101 / 105]
 *   released --Python C-API call not documented GIL-free--> [MOJO-BOR-203]
 *   PyGILState_Ensure --> held, token owned;
 *       PyGILState_Release(token) --> the state before Ensure
 *   a thread state saved by a caller, restored here --> held; saving it
 *       again hands it back (not a leak of this function)
 *   `PyEval_SaveThread();` with its result discarded --> released for
 *       good on purpose (no leak)
 *   Py_IsInitialized() == 0 --> finalizing: not taking the GIL back is
 *       right (no leak)
 *
 * Whether the GIL is held is a fact of the path (state.nogil), not of a
 * value. Which functions are safe without the GIL is data (`gil_free` in
 * the rules files), and so is what a call does to the GIL (`gil`).
 */
#include "sm.h"
#include "../engine/engine_int.h"

#include <string.h>

// MOJO-BOR-203: a Python C-API call while this path released the GIL.
static void gil_check(ctx *c, state *s, const ol_expr *e,
		      const ol_kb_entry *ent, const int *args)
{
	if (!s->nogil || !ent || ent->gil_free || ent->gil != OL_KB_GIL_NONE)
		return;
	// CPython's API and its allocators (PyMem_Malloc, PyObject_Malloc;
	// the Raw ones are GIL-free in the rules).
	if ((strcmp(ent->family, "cpython") && strcmp(ent->family, "heap")) ||
	    ent->noreturn)
		return;
	// Py_XDECREF(NULL), Py_XINCREF(NULL) touch no object (mysql-shell's
	// `return make_result(v).release();` under a GIL-releasing guard:
	// the temporary's destructor releases the NULL release() left).
	if (args && e->nargs >= 1 && args[0] >= 0 &&
	    s->syms[sym_root(s, args[0])].signs == S_ZERO &&
	    (ol_kb_arg_effect(ent, 0) == OL_KB_ARG_RELEASE_NULL_OK ||
	     ol_kb_arg_effect(ent, 0) == OL_KB_ARG_INCREF_NULL_OK))
		return;
	// The saved thread state tells where the GIL was released.
	const sym *tok = NULL;
	for (unsigned i = 0; i < s->nsyms && !tok; i++)
		if (s->syms[i].kind == OL_SM_GIL &&
		    s->syms[i].rs == R_OWNED && s->syms[i].acq &&
		    s->syms[i].acq->gil == OL_KB_GIL_RELEASE)
			tok = &s->syms[i];
	// No saved thread state in view (a caller released the GIL):
	// MOJO-BOR-203 is still about the GIL.
	report_as(c, OL_CHECK_BOR_NO_GIL, tok, "gil", e->loc,
	       ol_arena_printf(c->a, "'%s' is called while the GIL is "
			       "released", ent->name),
	       ol_arena_printf(c->a, "'%s' needs the GIL", ent->name));
}

static void gil_transition(ctx *c, state *s, const ol_expr *e,
			   const ol_kb_entry *ent, const int *args,
			   unsigned nargs, int ret, const int *acq,
			   unsigned nacq)
{
	(void)c;
	(void)acq;
	(void)nacq;
	// Py_IsInitialized(): a test of it tells whether the interpreter is
	// finalizing (see gil_refine).
	if (ret >= 0 && !strcmp(ent ? ent->name : e->text ? e->text : "?",
				"Py_IsInitialized"))
		s->syms[ret].interp_alive = true;
	if (!ent || ent->gil == OL_KB_GIL_NONE)
		return;
	switch (ent->gil) {
	case OL_KB_GIL_RELEASE: // PyEval_SaveThread
		s->nogil = 1;
		if (s->gil_borrowed && ret >= 0) {
			// Hands the GIL back to whoever held it on entry: the
			// saved state is theirs, not a leak of this function.
			s->syms[ret].weak = true;
			s->gil_borrowed = 0;
		}
		break;
	case OL_KB_GIL_ACQUIRE: // PyEval_RestoreThread, PyGILState_Ensure
		if (ret >= 0 && ent->ret == OL_KB_RET_ACQUIRE)
			s->syms[ret].gil_prev = s->nogil;
		if (ent->ret != OL_KB_RET_ACQUIRE && nargs >= 1 &&
		    s->syms[sym_root(s, args[0])].kind != OL_SM_GIL)
			// Restoring a thread state saved elsewhere (a callback
			// entered without the GIL, readline's hook): the
			// function must release it again before returning.
			s->gil_borrowed = 1;
		s->nogil = 0;
		break;
	case OL_KB_GIL_RESTORE: // PyGILState_Release(token)
		if (nargs >= 1) {
			const sym *t = &s->syms[sym_root(s, args[0])];
			s->nogil = t->kind == OL_SM_GIL ? t->gil_prev : 0;
		}
		break;
	default:
		break;
	}
}

// Py_IsInitialized() returned 0: the interpreter is shutting down.
static void gil_refine(ctx *c, state *s, int i)
{
	(void)c;
	if (s->syms[i].interp_alive && s->syms[i].signs == S_ZERO)
		s->finalizing = 1;
}

// The thread state is held at the exit by a parameter: a helper its
// caller calls with the GIL released, handing over its `_save`, that
// takes the GIL back for a while (Py_BLOCK_THREADS) and releases it again
// (Py_UNBLOCK_THREADS) before it returns, as its caller expects
// (billiard's semaphore wait loop).
static bool held_by_param(const ctx *c, const state *s, const sym *y)
{
	int i = (int)(y - s->syms);
	for (unsigned v = 0; v < c->fn->nparams && v < c->nvars; v++)
		if (s->env[v] >= 0 && sym_root(s, s->env[v]) == i)
			return true;
	return false;
}

static bool gil_leak_excused(const ctx *c, const state *s, const sym *y,
			     bool lost)
{
	// `PyEval_SaveThread();` with its result discarded releases the GIL
	// for good on purpose (the release half of PyGILState_Release); a
	// forgotten restore keeps the saved state in a variable.
	if (lost)
		return !y->name;
	if (held_by_param(c, s, y))
		return true;
	// During finalization a thread must not take the GIL back
	// (pygobject's toggle-ref notify): not restoring it is right.
	return s->finalizing;
}

const ol_sm ol_sm_gil = {
	.kind = "gil",
	.noun = "thread state (GIL released)",
	.before_call = gil_check,
	.after_call = gil_transition,
	.on_refine = gil_refine,
	.leak_excused = gil_leak_excused,
};
