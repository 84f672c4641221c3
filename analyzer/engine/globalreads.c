/*
 * globalreads.c — the globals some function of the file reads.
 *
 * A borrowed reference kept in a global without a reference of its own
 * (MOJO-BOR-202) is a bug because code reads the global later, when the
 * owner may have dropped the object. A global that no function of the
 * file reads is a dead store: `ctor = PyDict_GetItemString(d, "Radix");`
 * in a module's init, the global never used again, cannot be used after
 * the owner drops it, and is not reported.
 *
 * A read is any use of the global's value: an operand, an argument, the
 * address taken (`&g`, which may be read through), a compound assignment.
 * Only the left side of a plain assignment (`g = v`) is no read, and a
 * test of whether the pointer is set (`if (g)`, `g != NULL`): a global
 * used only as a flag reaches no object through it. The set depends on
 * the file's CFGs alone, which memo.c keeps unchanged between rounds.
 * (A global of external linkage read only by another file is taken as
 * never read: rules/README.md.)
 *
 * The same walk notes the globals the file writes with anything but NULL
 * or the result of a call that always fails (`pyerr_msg =
 * PyErr_Format(..)`, pyminizip), or whose address it takes: a global the
 * file writes, and only so, holds no reference, and `return pyerr_msg;`
 * returns NULL with the error set, not a borrowed object (MOJO-OWN-107).
 * (Writes of other files are not seen: such a global's value is then only
 * taken as no reference, never as known NULL; one the file never writes
 * keeps the convention, someone else's reference.)
 *
 * A global the file never writes NULL to (global_never_nulled()), once
 * known not NULL, stays so across the calls of one function (eval.c's
 * forget_memory()): a call may replace the object, not clear it (pcp's
 * `label_func`, tested before a Python call and again after it). (Another
 * file that clears it is not seen.)
 *
 * And it notes every global the file writes at all (assigned, changed in
 * place, its address taken): a number no function of the file writes
 * (kamailio's `threads_mode`, a module parameter set by the host at
 * start-up through a table) keeps its value across the calls of one
 * function (eval.c's forget_memory()), so that `if (mode != 1) gstate =
 * PyGILState_Ensure(); .. if (mode != 1) PyGILState_Release(gstate);`
 * takes both tests the same way. (Another file that writes it during a
 * call is not seen: paths are lost, no finding is made.)
 */
#include "engine_int.h"

#include <string.h>


static void note_read(tu_ctx *tu, const char *name)
{
	ol_strmap_add(&tu->read_globals, name, 0);
}

// `v`, written into a global, is NULL whenever it is written.
static bool always_null(const tu_ctx *tu, const ol_expr *v)
{
	v = strip_casts(v);
	if (!v)
		return false;
	if (v->kind == OL_E_NULL || (v->kind == OL_E_INT && v->ival == 0))
		return true;
	const ol_kb_entry *e = v->kind == OL_E_CALL && v->text
				       ? ol_kb_lookup(tu->kb, v->text) : NULL;
	return e && e->ret != OL_KB_RET_NEW && e->ret != OL_KB_RET_ACQUIRE &&
	       e->ret != OL_KB_RET_BORROWED &&
	       e->fails_when.cmp == OL_KB_CMP_ALWAYS;
}

static void note_written(tu_ctx *tu, const ol_expr *e)
{
	const ol_expr *g = e->sub[0];
	if (!g || g->kind != OL_E_VAR || !g->var || is_local(g->var) ||
	    !g->var->name)
		return;
	if (e->kind == OL_E_ADDR || e->op != OL_OP_NONE ||
	    !always_null(tu, e->sub[1]))
		ol_strmap_add(&tu->object_globals, g->var->name, 0);
	else
		ol_strmap_add(&tu->null_globals, g->var->name, 0);
}

// Any write of global `g` (`g = v`, `g += v`, `g++`, `&g`).
static void note_any_write(tu_ctx *tu, const ol_expr *g)
{
	if (g && g->kind == OL_E_VAR && g->var &&
	    g->var->kind == OL_VAR_GLOBAL && g->var->name)
		ol_strmap_add(&tu->written_globals, g->var->name, 0);
}

// `g`, `!g`, `g == NULL`, `g != NULL` of a global pointer `g`: a test of
// whether it is set, which reaches no object through it (viztracer's
// `curr_tracer`, set to `self` without a reference and tested only as a
// "tracer running" flag).
// (`bare`: `g` alone, a branch's condition, is one too; elsewhere, as a
// return's value or an argument, it is the pointer itself.)
static bool null_test_of_global(const ol_expr *e, bool bare)
{
	bool tested = bare;
	while (e && e->kind == OL_E_UNARY && e->op == OL_OP_NOT) {
		e = e->sub[0];
		tested = true;
	}
	if (e && e->kind == OL_E_BINARY &&
	    (e->op == OL_OP_EQ || e->op == OL_OP_NE)) {
		const ol_expr *z = strip_casts(e->sub[1]);
		if (!z || (z->kind != OL_E_NULL &&
			   (z->kind != OL_E_INT || z->ival != 0)))
			return false;
		e = e->sub[0];
		tested = true;
	}
	e = strip_casts(e);
	if (!tested)
		return false;
	return e && e->kind == OL_E_VAR && e->var &&
	       e->var->kind == OL_VAR_GLOBAL &&
	       e->var->type.cls == OL_TY_POINTER;
}

static void scan(tu_ctx *tu, const ol_expr *e)
{
	while (e) {
		if (null_test_of_global(e, false))
			return;
		if (e->kind == OL_E_ASSIGN || e->kind == OL_E_ADDR)
			note_written(tu, e);
		if (e->kind == OL_E_ASSIGN || e->kind == OL_E_ADDR ||
		    (e->kind == OL_E_UNARY && e->op >= OL_OP_PREINC &&
		     e->op <= OL_OP_POSTDEC))
			note_any_write(tu, e->sub[0]);
		if (e->kind == OL_E_VAR) {
			if (e->var && e->var->kind == OL_VAR_GLOBAL &&
			    e->var->name)
				note_read(tu, e->var->name);
			return;
		}
		if (e->fn)
			scan(tu, e->fn);
		for (unsigned a = 0; a < e->nargs; a++)
			scan(tu, e->args[a]);
		if (e->sub[1])
			scan(tu, e->sub[1]);
		// `g = v`: g is written, not read.
		if (e->kind == OL_E_ASSIGN && e->op == OL_OP_NONE &&
		    e->sub[0] && e->sub[0]->kind == OL_E_VAR)
			return;
		e = e->sub[0];
	}
}

void globalreads_collect(tu_ctx *tu)
{
	for (size_t i = 0; i < tu->nsums; i++) {
		const ol_func *fn = tu->sums[i].fn;
		for (unsigned b = 0; b < fn->nblocks; b++) {
			const ol_block *blk = fn->blocks[b];
			for (unsigned k = 0; k < blk->nops; k++)
				scan(tu, blk->ops[k].expr);
			if (!(blk->term == OL_TERM_BRANCH &&
			      null_test_of_global(blk->cond, true)))
				scan(tu, blk->cond);
		}
	}
}

bool global_read(const tu_ctx *tu, const char *name)
{
	return ol_strmap_get(&tu->read_globals, name, NULL);
}

bool global_only_null(const tu_ctx *tu, const char *name)
{
	return ol_strmap_get(&tu->null_globals, name, NULL) &&
	       !ol_strmap_get(&tu->object_globals, name, NULL);
}

bool global_never_nulled(const tu_ctx *tu, const char *name)
{
	return !ol_strmap_get(&tu->null_globals, name, NULL);
}

bool global_never_written(const tu_ctx *tu, const char *name)
{
	return !ol_strmap_get(&tu->written_globals, name, NULL);
}
