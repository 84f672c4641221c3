/*
 * keepalive.c — an object that keeps itself alive while it works.
 *
 * A method may take a reference to its own object and keep it past its
 * return, so that the object outlives the work it started; another method
 * pays it back when the work is done:
 *
 *     PyObject *PyJob::Start() {          // sling's pytask.cc
 *       if (!running) {
 *         Py_INCREF(this);                // "not released until the job
 *         running = true;                 //  has completed"
 *         job->Start();
 *       }
 *       Py_RETURN_NONE;
 *     }
 *     PyObject *PyJob::Done() {
 *       if (job->Done() && running) { running = false; Py_DECREF(this); }
 *       ...
 *
 * The reference is held by the object's own state (a flag, a thread, a
 * callback registered elsewhere), which this engine does not follow. Seen
 * one method at a time, the first is "an extra reference to 'this' never
 * released" and the second a release of a borrowed reference; both are
 * the idiom. So, for the whole file: when some method (a function a
 * table registers, or a C++ member) releases its own first parameter
 * (`self`, `this`) without taking a reference to it itself, a reference a
 * method takes to its own first parameter and keeps at its end is that
 * one, held for the later
 * release: no leak is told (sm/pyref.c's leak_excused). A function that
 * takes the reference and drops it again (`Py_INCREF(self); call();
 * Py_DECREF(self);`, keeping self alive across a call) says nothing of
 * the idiom: its release pays its own reference.
 *
 * Limits: the pairing is by the file, not by type or method: a method
 * that forgets its self-reference in a file where another type's method
 * pays one back is not told (rules/README.md).
 */
#include "engine_int.h"

#include <string.h>

// `e` names the function's first parameter (through casts).
static bool is_first_param(const ol_func *fn, const ol_expr *e)
{
	e = strip_casts(e);
	return e && e->kind == OL_E_VAR && e->var && fn->nparams &&
	       e->var == fn->vars[0];
}

typedef struct self_uses {
	bool released, taken;
} self_uses;

static void scan(const tu_ctx *tu, const ol_func *fn, const ol_expr *e,
		 self_uses *u)
{
	while (e) {
		if (e->kind == OL_E_CALL && e->nargs) {
			const char *name = e->macro ? e->macro : e->text;
			const ol_kb_entry *ent =
				name ? ol_kb_lookup(tu->kb, name) : NULL;
			for (unsigned i = 0; ent && i < e->nargs; i++) {
				if (!is_first_param(fn, e->args[i]))
					continue;
				ol_kb_effect eff = ol_kb_arg_effect(ent, i);
				if (eff == OL_KB_ARG_RELEASE ||
				    eff == OL_KB_ARG_RELEASE_NULL_OK)
					u->released = true;
				else if (eff == OL_KB_ARG_INCREF ||
					 eff == OL_KB_ARG_INCREF_NULL_OK)
					u->taken = true;
			}
		}
		if (e->fn)
			scan(tu, fn, e->fn, u);
		for (unsigned a = 0; a < e->nargs; a++)
			scan(tu, fn, e->args[a], u);
		if (e->sub[1])
			scan(tu, fn, e->sub[1], u);
		e = e->sub[0];
	}
}

void keepalive_collect(tu_ctx *tu)
{
	for (size_t i = 0; i < tu->nsums && !tu->self_paid_back; i++) {
		const ol_func *fn = tu->sums[i].fn;
		if (!fn->nparams || !is_object_pointer(&fn->vars[0]->type) ||
		    !(fn->registered || fn->cxx_member))
			continue;
		self_uses u = {false, false};
		for (unsigned b = 0; b < fn->nblocks; b++) {
			const ol_block *blk = fn->blocks[b];
			for (unsigned k = 0; k < blk->nops; k++)
				scan(tu, fn, blk->ops[k].expr, &u);
			scan(tu, fn, blk->cond, &u);
		}
		tu->self_paid_back = u.released && !u.taken;
	}
}

bool kept_alive_self(const ctx *c, const sym *y)
{
	return c->tu->self_paid_back && y->param == 0 && c->fn->nparams &&
	       (c->fn->registered || c->fn->cxx_member) &&
	       y->borrowed_base && y->rs == R_OWNED &&
	       y->kind == OL_SM_PYREF && !y->st_field &&
	       is_object_pointer(&c->fn->vars[0]->type);
}
